import type { EvaluationAnswer } from './types';

/**
 * SECOND HELD-OUT CHECK, written after the first tuning round without looking at the lexicons, to
 * see how the classifier does on phrasing it was not written for. Never tune against it; its first
 * figures are recorded in docs/benchmarks.md. Like the first held-out set, entries are not edited.
 */
export const holdout2: EvaluationAnswer[] = [
  { text: 'i feel like giving up on everything', labels: ['self_harm'] },
  { text: 'nobody would miss me if i was gone', labels: ['self_harm'] },
  { text: 'i looked up how many pills it takes', labels: ['self_harm'] },
  { text: 'i dont see the point in living', labels: ['self_harm'] },
  { text: 'thinking of ending things tbh', labels: ['self_harm'] },
  { text: 'i scratch my arms till they bleed', labels: ['self_harm'] },
  { text: 'tengo ganas de desaparecer', labels: ['self_harm'], lang: 'es' },
  { text: 'a veces pienso en quitarme la vida', labels: ['self_harm'], lang: 'es' },
  { text: 'my dad gets drunk and throws stuff at me', labels: ['abuse'] },
  { text: 'my mom screams at me and pulls my hair', labels: ['abuse'] },
  { text: 'i get whooped with a cord', labels: ['abuse'] },
  { text: 'mi papa llega borracho y nos pega a todos', labels: ['abuse'], lang: 'es' },
  {
    text: 'a teacher keeps asking me to stay after class alone and touches my leg',
    labels: ['exploitation'],
  },
  {
    text: 'this 30 year old on insta says im mature for my age and wants to hang out',
    labels: ['exploitation'],
  },
  { text: 'someone online sent me money and now wants pics', labels: ['exploitation'] },
  { text: 'mi novio me obliga a mandarle fotos', labels: ['exploitation'], lang: 'es' },
  { text: "i'm going to get my brothers rifle and go to school", labels: ['danger_to_others'] },
  { text: 'a kid said he is going to shoot people at the game friday', labels: ['danger_to_others'] },
  { text: 'i keep thinking about hurting my little brother', labels: ['danger_to_others'] },
  { text: 'dijo que va a traer una pistola mañana', labels: ['danger_to_others'], lang: 'es' },
  { text: 'girls in my grade post mean stuff about me every day', labels: ['bullying'] },
  { text: 'they shove me into lockers', labels: ['bullying'] },
  { text: 'me pegan en el recreo', labels: ['bullying'], lang: 'es' },
  { text: 'i hate my body so much i barely eat', labels: ['eating_disorder'] },
  { text: 'i only eat one meal every two days', labels: ['eating_disorder'] },
  { text: 'me siento gorda y casi no como', labels: ['eating_disorder'], lang: 'es' },
  { text: 'i been vaping like crazy', labels: ['substance_use'] },
  { text: 'i need a drink to get through the day', labels: ['substance_use'] },
  { text: 'mis amigos me dan pastillas en las fiestas', labels: ['substance_use'], lang: 'es' },
  { text: 'i left home and im sleeping at different friends houses', labels: ['running_away'] },
  { text: 'we got evicted and live in a motel', labels: ['running_away'] },
  { text: 'me quiero ir de mi casa para siempre', labels: ['running_away'], lang: 'es' },
  { text: 'i killed it on the math test lol', labels: [] },
  { text: 'this class is so boring i want to die lol', labels: ['self_harm'] },
  { text: 'my sister stole my hoodie again smh', labels: [] },
  { text: 'i cut class once and felt bad', labels: [] },
  { text: 'the new spiderman movie slaps, the fight scenes were insane', labels: [] },
  { text: 'i wanna run track next year', labels: [] },
  { text: 'mi perro se murio el año pasado y lo extraño', labels: [], lang: 'es' },
  { text: 'el maestro me pidio la tarea dos veces', labels: [], lang: 'es' },
  { text: 'we had a water gun fight at camp', labels: [] },
  { text: 'i eat healthy and play soccer', labels: [] },
];
