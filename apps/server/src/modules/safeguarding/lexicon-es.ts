import type { Lexicon } from './classifier';

/**
 * Spanish patterns over normalised text: no accents ('despues', 'nino'), lower case, shorthand
 * expanded ('q' → 'que', 'xq' → 'porque'). Idioms such as 'me muero de risa', 'se me muere el
 * celular', 'me mata de risa', 'el examen estuvo matador' are deliberately not matched.
 */
const familia =
  '(papa|mama|padre|madre|padrastro|madrastra|tio|tia|abuelo|abuela|hermano|hermana|primo|prima|novio de mi mama|pareja de mi mama|padres|papas)';
const arma = '(pistola|arma|armas|cuchillo|navaja|bomba|rifle|revolver)';

export const spanish: Lexicon = {
  self_harm: [
    '(se|me) quier* (morir|matar|suicidar)',
    '(quiero|queria|quisiera|ganas de|pienso en|pensando en|voy a|me voy a) (morir|morirme|matarme|suicidarme|desaparecer|quitarme la vida|dejar de existir)',
    'me quiero (morir|matar|suicidar)',
    'me (voy|vaya) a (matar|suicidar)',
    'suicid*',
    '(me corto(?! (el|mi) (pelo|cabello|fleco|las uñas|las unas))|cortarme|me estoy cortando|me hago daño|hacerme daño|me lastimo|lastimarme|autolesion*)',
    'no quiero (vivir|seguir viviendo|estar aqui|existir|despertar)',
    'ya no (quiero|aguanto) (vivir|mas)',
    '(mejor|estarian mejor) sin mi',
    'no (tengo|hay) (razon|razones|motivo) para vivir',
    'quitarme la vida',
    'nunca (me haria|me haré|me hare) daño',
    '(desearia|ojala) (estar muerta|estar muerto|no haber nacido|morir)',
    '(pastillas) ~~ (todas|tomarmelas|guardadas|guardando|morir)',
    'carta de despedida',
  ],
  abuse: [
    `(mi )?${familia} ~ (me|nos) (pega|pegan|golpea|golpean|pego|golpeo|maltrata|maltratan|lastima|lastiman|toca|toco|tocan|abusa|abuso|ahorca|quema|patea)(?! (unos|un|una) (gritos|grito|susto|sustos|regañada))`,
    '(me|nos) (pega|pegan|golpea|golpean|maltrata|maltratan) (mi|con)(?! (unos|un) (gritos|grito|susto))',
    '(abusa|abuso|abusan|abusaron) (de mi|sexualmente)',
    'abuso sexual',
    'violencia (domestica|en mi casa|en casa)',
    '(miedo|terror) (de|a) (volver|regresar|ir) a (mi |la )?casa',
    'no (me siento|estoy) (segura|seguro) en (mi |la )?casa',
    '(miedo|terror) (de|a) mi (papa|mama|padrastro|padre|madre|tio)',
    'no hay comida en (mi |la )?casa',
    'no (me|nos) (dan|da) de comer',
    '(me|nos) (deja|dejan) (sola|solo|solos|solas) (por dias|varios dias|sin comida)',
    'me dijo que no (le )?dijera',
    '(me|nos) (encierra|encierran|corre|corren) (de la casa|afuera)?',
  ],
  exploitation: [
    `${familia} ~ me (toca|toco|tocan|manosea|viola|violo)`,
    '(abuso sexual|abuso de mi|me violo|me violaron|violacion)',
    '(pide|pidio|piden|pedia|manda|mande|mandar|enviar|envie|quiere que le (mande|envie)) ~ (fotos|videos|nudes|packs|pack|fotos intimas)',
    '(fotos|videos) (sin ropa|desnuda|desnudo|intimas|intimos)',
    '(packs?|nudes)',
    '(señor|senor|hombre|tipo|viejo|adulto|chavo mayor|mujer mayor) ~~ (internet|en linea|instagram|snapchat|tiktok|discord|roblox|fotos|verme|vernos|conocerme|secreto|no le diga|tocar|me toca)',
    '(secreto|no le (diga|digas|cuente|cuentes) a (nadie|mis papas|mi mama|mi papa|tus papas))',
    '(amenaza|amenazo|amenazan) con (publicar|subir|mandar|compartir) mis (fotos|videos)',
    '(me obliga|me obligo|me obligan|me forzo|me forza) a ~ (tocar|hacer cosas|sexo|fotos)',
    '(mensajes|cosas) (sexuales|raros|feos) ~~ (profe|maestro|entrenador|adulto|mayor|noche)',
    '(conocerme|verme|vernos) en persona ~~ (internet|instagram|snapchat|tiktok|discord|juego|secreto)',
  ],
  danger_to_others: [
    `(tiene|tenia|trajo|traer|traigo|voy a traer|lleva|llevo|llevar) (un|una|el|la|su)? ?${arma} ~~ (escuela|colegio|clase|usar|disparar|matar|mañana|manana|salon|mochila)`,
    `${arma} ~~ (escuela|colegio|clase) ~~ (usar|disparar|matar|lastimar)`,
    '(voy a|quiero|va a|van a|planea|planeo) (matar|disparar|apuñalar|lastimar|golpear|atacar) (a|al|a la|a los|a todos|a mi)',
    '(matar|disparar) a (todos|ese|esa|mi|un|una|los|las)',
    '(tirotear|balacera|tiroteo) ~ (escuela|colegio)',
    'amenaz* con (matar|disparar|una pistola|un arma|un cuchillo)',
    'lista de (gente|personas) ~ (matar|lastimar)',
  ],
  bullying: [
    '(bullying|buling|bulying|acoso|acosan|acosa|acosando|ciberacoso)',
    'se burlan de mi',
    'me (molestan|pegan|empujan|insultan|humillan|excluyen|amenazan|ignoran) ~ (escuela|colegio|clase|todos los dias|siempre|en el|mis compañeros)?',
    'me (dicen|llaman|gritan) ~ (gorda|gordo|fea|feo|estupida|estupido|puta|maricon|burro|tonta|tonto)',
    '(todos|todo el mundo) me odia*',
    'me dijeron que me (matara|muriera|suicidara)',
    '(rumores|chismes) (de|sobre) mi',
    'nadie (se junta|habla) conmigo',
  ],
  eating_disorder: [
    '(me provoco|provocarme|me hago) (el )?vomit*',
    '(vomito|vomitar) (despues de comer|a proposito|para adelgazar|para no engordar)',
    '(dejo|deje|dejar|no) (de )?comer ~ (adelgazar|flaca|flaco|bajar de peso|gorda|gordo|dias|peso)',
    '(no he comido|no como) ~ dias',
    'trastorno (alimenticio|alimentario|de la alimentacion)',
    'anorexi*',
    'bulimi*',
    'cuento (las )?calorias',
    '(me odio|odio mi cuerpo) ~~ (gorda|gordo|comer|comida|peso)',
    'miedo (a |de )?(comer|engordar|subir de peso)',
  ],
  substance_use: [
    '(fumo|fumar|fumando|fume) (mota|marihuana|hierba|porros|cristal|crack)',
    '(tomo|tomar|tomando|bebo|beber|bebiendo) (alcohol|cerveza|tequila|vodka|mucho|hasta) ~~ (dias|escuela|olvidar|sola|solo|semana|fin de semana)?',
    '(me emborracho|borracha|borracho|peda) ~~ (dias|semana|olvidar|escuela|siempre)',
    '(drogas|droga|pastillas|cocaina|coca|cristal|perico|tachas|xanax|fentanilo|vapeo|vapear|vape)',
    'adict* ~ (vapear|vape|alcohol|drogas|mota|marihuana|pastillas)',
    'me drogo',
  ],
  running_away: [
    '(me voy a|quiero|voy a|pienso|planeo) (escapar|escaparme|huir|irme) (de (mi |la )?casa)?',
    'me (escape|fui|sali) de (mi |la )?casa',
    '(escaparme|huir|irme) de (mi |la )?casa',
    'no tengo (donde|a donde|adonde) (dormir|vivir|ir|quedarme)',
    '(me corrieron|me echaron|me sacaron) de (mi |la )?casa',
    '(vivo|duermo|dormimos|vivimos) en (la calle|un carro|el carro|un coche|el coche|un refugio)',
    'sin hogar',
  ],
};
