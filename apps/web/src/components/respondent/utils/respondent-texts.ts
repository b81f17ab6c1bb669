import {
  answerMessageIn,
  type genders,
  responseMessages,
  responseMessagesEs,
  type SurveyLanguage,
} from '@tv/contract';
import {
  englishNewTypeTexts,
  type NewTypeTexts,
  spanishNewTypeTexts,
} from '../../survey-renderer/new-type-texts';
import { selectionHint } from '../../survey-renderer/renderer-texts';

type Gender = (typeof genders)[number];

/**
 * Every word of the respondent's screens (assent, screener, questions, endings, help), in English and
 * in natural, teen-friendly US Spanish (decision 033). The screens read them from here, so a text
 * cannot exist in one language only: the Spanish table has the English one's type.
 */
const en = {
  switchLabel: 'Language',
  anonymousSurvey: 'Anonymous survey',
  loading: 'Loading the survey',
  // assent
  assentKicker: 'We’d love to hear what you think',
  beforeYouStart: 'Before you start',
  aboutMinutes: (minutes: number) => `About ${minutes} minute${minutes === 1 ? '' : 's'}`,
  questionsOneAtATime: (count: number) =>
    `${count} question${count === 1 ? '' : 's'}, one at a time. You can go back and change an answer.`,
  anonymousTitle: 'Your answers are anonymous',
  anonymousBody:
    'We never ask your name, school, email or phone number, so nobody can tell which answers are yours.',
  upToYouTitle: 'It’s up to you',
  upToYouRequired: 'You can skip any question marked “optional”, and stop at any time. ',
  upToYouAll: 'You can skip any question and stop at any time. ',
  sayingNo: 'Saying no is completely fine.',
  helpTitle: 'Help is here if you need it',
  helpBody: 'If a question brings up something hard, you can talk to someone for free, any time.',
  accept: 'I’m happy to take part',
  decline: 'No thanks',
  // screener
  screenerKicker: 'First, a bit about you',
  screenerTitle: 'Three quick questions',
  screenerIntro:
    'These help us check the survey is meant for you. They’re kept with your answers but never with your name.',
  ageLabel: 'How old are you?',
  agePlaceholder: 'Choose your age',
  ageYounger: '12 or younger',
  ageOlder: '20 or older',
  genderLegend: 'Which of these describes you best?',
  genderChoices: {
    female: 'Girl',
    male: 'Boy',
    non_binary: 'Non-binary',
    prefer_to_self_describe: 'I describe myself another way',
  } as Record<Gender, string>,
  stateLabel: 'Which state do you live in?',
  statePlaceholder: 'Choose your state',
  ageMissing: 'Please choose your age.',
  genderMissing: 'Please choose the answer that fits you best.',
  stateMissing: 'Please choose where you live.',
  continue: 'Continue',
  // questions
  percentDone: (percent: number) => `${percent}% done`,
  progressLabel: (percent: number) => `Progress: ${percent}% done`,
  optional: 'Optional: you can skip this',
  back: 'Back',
  next: 'Next',
  send: 'Send my answers',
  stopTitle: 'Stop the survey?',
  stopBody: 'Your answers so far will be deleted from this device and nothing will be sent.',
  stopConfirm: 'Yes, stop and delete',
  keepGoing: 'Keep going',
  stop: 'Stop the survey',
  welcomeBack: 'Welcome back! We kept your answers, so you can carry on where you left off.',
  dismiss: 'Dismiss',
  sendFailed:
    'We couldn’t send your answers just now. Check your internet connection and try again. Your answers are saved on this device, so nothing is lost.',
  networkBusy:
    'Lots of answers are coming from your network right now. Your answers are saved on this device, and we’ll send them in a moment: keep this page open.',
  // the question field
  yes: 'Yes',
  no: 'No',
  chooseAnswer: 'Choose an answer',
  rankIntro: 'Put these in order, most important first.',
  moveUp: (label: string) => `Move ${label} up`,
  moveDown: (label: string) => `Move ${label} down`,
  moved: (label: string, position: number, total: number) =>
    `${label} moved to position ${position} of ${total}.`,
  orderIsRight: 'This order is right',
  typeAnswer: 'Type your answer',
  enterNumber: 'Enter a number',
  required: ' (required)',
  pleaseSpecify: 'Please specify',
  newTypes: englishNewTypeTexts as NewTypeTexts,
  selectionHint: (min: number | null, max: number | null) => selectionHint(min, max),
  // endings
  thanksTitle: 'Thanks, that’s everything!',
  closePage: 'You can close this page now.',
  supportTitle: 'Thank you for sharing. You’re not alone.',
  supportBody:
    'Your answers have been sent. Some of what you wrote sounds like things might be hard right now. If you’d like to talk to someone, these people are kind, it’s free, and you don’t have to give your name.',
  supportDanger:
    'If you’re in danger right now, call 911. You can also talk to an adult you trust, like a family member, teacher or school counselor.',
  endedTitles: {
    screened_out: 'Thanks for stopping by!',
    quota_full: 'Thanks for stopping by!',
    closed: 'This survey has closed',
    already_taken: 'You have already taken this survey',
  },
  nothingElse: 'Nothing else is needed from you. You can close this page.',
  stoppedTitle: 'You stopped the survey',
  declinedTitle: 'No problem at all',
  stoppedBody: 'That’s completely fine. Your answers were not saved and have been removed from this device.',
  stoppedHelpTitle: 'You can still talk to someone',
  stoppedHelpBody:
    'Some of what you wrote sounds like things might be hard right now. These people are kind, it’s free, and you don’t have to give your name.',
  declinedBody: 'Thanks for having a look. Nothing was recorded.',
  startAgain: 'Start again',
  changedMind: 'I changed my mind',
  // the page's header (decision 045: a Spanish screen is Spanish from the skip link on)
  skipToContent: 'Skip to main content',
  pageTitle: 'Survey | TeenVoice',
  // help
  needHelp: 'Need to talk to someone?',
  close: 'Close',
  helpIntro:
    'These services are free and confidential. You can contact them any time, about anything, even if it feels small.',
  // help as the teen leaves an answer (decision 035)
  checkTitle: 'It sounds like things might be hard right now',
  checkBody:
    'You’re not alone. If you’d like to talk to someone, these people are kind, it’s free, and you don’t have to give your name. You can keep going with the survey whenever you’re ready.',
};

export type RespondentTexts = typeof en;

const es: RespondentTexts = {
  switchLabel: 'Idioma',
  anonymousSurvey: 'Encuesta anónima',
  loading: 'Cargando la encuesta',
  assentKicker: 'Nos encantaría saber lo que piensas',
  beforeYouStart: 'Antes de empezar',
  aboutMinutes: (minutes) => (minutes === 1 ? 'Más o menos 1 minuto' : `Unos ${minutes} minutos`),
  questionsOneAtATime: (count) =>
    `${count} pregunta${count === 1 ? '' : 's'}, una a la vez. Puedes regresar y cambiar una respuesta.`,
  anonymousTitle: 'Tus respuestas son anónimas',
  anonymousBody:
    'Nunca te pedimos tu nombre, escuela, correo ni número de teléfono, así que nadie puede saber cuáles respuestas son tuyas.',
  upToYouTitle: 'Tú decides',
  upToYouRequired: 'Puedes saltarte cualquier pregunta marcada como “opcional” y parar cuando quieras. ',
  upToYouAll: 'Puedes saltarte cualquier pregunta y parar cuando quieras. ',
  sayingNo: 'Decir que no está totalmente bien.',
  helpTitle: 'Hay ayuda si la necesitas',
  helpBody:
    'Si una pregunta te hace pensar en algo difícil, puedes hablar con alguien gratis, a cualquier hora.',
  accept: 'Sí, quiero participar',
  decline: 'No, gracias',
  screenerKicker: 'Primero, un poco sobre ti',
  screenerTitle: 'Tres preguntas rápidas',
  screenerIntro:
    'Nos ayudan a ver si la encuesta es para ti. Se guardan con tus respuestas, pero nunca con tu nombre.',
  ageLabel: '¿Cuántos años tienes?',
  agePlaceholder: 'Elige tu edad',
  ageYounger: '12 o menos',
  ageOlder: '20 o más',
  genderLegend: '¿Cuál de estas opciones te describe mejor?',
  genderChoices: {
    female: 'Chica',
    male: 'Chico',
    non_binary: 'No binario',
    prefer_to_self_describe: 'Me describo de otra forma',
  },
  stateLabel: '¿En qué estado vives?',
  statePlaceholder: 'Elige tu estado',
  ageMissing: 'Por favor, elige tu edad.',
  genderMissing: 'Por favor, elige la respuesta que mejor te describe.',
  stateMissing: 'Por favor, elige dónde vives.',
  continue: 'Continuar',
  percentDone: (percent) => `${percent}% listo`,
  progressLabel: (percent) => `Progreso: ${percent}% listo`,
  optional: 'Opcional: puedes saltarte esta',
  back: 'Atrás',
  next: 'Siguiente',
  send: 'Enviar mis respuestas',
  stopTitle: '¿Quieres parar la encuesta?',
  stopBody: 'Tus respuestas hasta ahora se van a borrar de este dispositivo y no se enviará nada.',
  stopConfirm: 'Sí, parar y borrar',
  keepGoing: 'Seguir',
  stop: 'Parar la encuesta',
  welcomeBack: '¡Qué bueno que volviste! Guardamos tus respuestas para que sigas donde te quedaste.',
  dismiss: 'Cerrar aviso',
  sendFailed:
    'No pudimos enviar tus respuestas ahora. Revisa tu conexión a internet e inténtalo otra vez. Tus respuestas están guardadas en este dispositivo, así que no se pierde nada.',
  networkBusy:
    'Están llegando muchas respuestas desde tu red en este momento. Tus respuestas están guardadas en este dispositivo y las enviaremos en un momento: deja esta página abierta.',
  yes: 'Sí',
  no: 'No',
  chooseAnswer: 'Elige una respuesta',
  rankIntro: 'Ponlas en orden, de la más importante a la menos importante.',
  moveUp: (label) => `Subir ${label}`,
  moveDown: (label) => `Bajar ${label}`,
  moved: (label, position, total) => `${label} pasó a la posición ${position} de ${total}.`,
  orderIsRight: 'Este orden está bien',
  typeAnswer: 'Escribe tu respuesta',
  enterNumber: 'Escribe un número',
  required: ' (obligatoria)',
  pleaseSpecify: 'Especifica, por favor',
  newTypes: spanishNewTypeTexts,
  selectionHint: (min, max) => {
    if (min && max) return min === max ? `Elige exactamente ${min}.` : `Elige de ${min} a ${max}.`;
    if (min) return `Elige al menos ${min}.`;
    return max ? `Elige hasta ${max}.` : '';
  },
  thanksTitle: '¡Gracias, eso es todo!',
  closePage: 'Ya puedes cerrar esta página.',
  supportTitle: 'Gracias por contarnos. No estás solo ni sola.',
  supportBody:
    'Tus respuestas se enviaron. Algo de lo que escribiste suena a que las cosas pueden estar difíciles ahora. Si quieres hablar con alguien, estas personas son amables, es gratis y no tienes que dar tu nombre.',
  supportDanger:
    'Si estás en peligro ahora mismo, llama al 911. También puedes hablar con un adulto de confianza, como alguien de tu familia, un maestro o el consejero de tu escuela.',
  endedTitles: {
    screened_out: '¡Gracias por pasar!',
    quota_full: '¡Gracias por pasar!',
    closed: 'Esta encuesta ya cerró',
    already_taken: 'Ya respondiste esta encuesta',
  },
  nothingElse: 'No necesitas hacer nada más. Puedes cerrar esta página.',
  stoppedTitle: 'Paraste la encuesta',
  declinedTitle: 'No hay ningún problema',
  stoppedBody: 'Está totalmente bien. Tus respuestas no se guardaron y se borraron de este dispositivo.',
  stoppedHelpTitle: 'Todavía puedes hablar con alguien',
  stoppedHelpBody:
    'Algo de lo que escribiste suena a que las cosas pueden estar difíciles ahora. Estas personas son amables, es gratis y no tienes que dar tu nombre.',
  declinedBody: 'Gracias por echar un vistazo. No se guardó nada.',
  startAgain: 'Empezar de nuevo',
  changedMind: 'Cambié de opinión',
  skipToContent: 'Saltar al contenido principal',
  pageTitle: 'Encuesta | TeenVoice',
  needHelp: '¿Necesitas hablar con alguien?',
  close: 'Cerrar',
  helpIntro:
    'Estos servicios son gratis y confidenciales. Puedes contactarlos a cualquier hora, sobre cualquier cosa, aunque parezca pequeña.',
  checkTitle: 'Parece que las cosas están difíciles ahora',
  checkBody:
    'No estás solo ni sola. Si quieres hablar con alguien, estas personas son amables, es gratis y no tienes que dar tu nombre. Puedes seguir con la encuesta cuando quieras.',
};

export const respondentTexts: Record<SurveyLanguage, RespondentTexts> = { en, es };

/** US states whose Spanish name differs from the English one, as Spanish speakers in the US say them. */
const spanishStateNames: Record<string, string> = {
  DC: 'Distrito de Columbia',
  HI: 'Hawái',
  LA: 'Luisiana',
  MI: 'Míchigan',
  NC: 'Carolina del Norte',
  ND: 'Dakota del Norte',
  NJ: 'Nueva Jersey',
  NM: 'Nuevo México',
  NY: 'Nueva York',
  OR: 'Oregón',
  PA: 'Pensilvania',
  SC: 'Carolina del Sur',
  SD: 'Dakota del Sur',
  WV: 'Virginia Occidental',
};

/** The screener's state options in a language, sorted as that language sorts them. */
export function stateOptionsIn(
  options: readonly { value: string; label: string }[],
  lang: SurveyLanguage,
): { value: string; label: string }[] {
  if (lang === 'en') return [...options];
  return options
    .map((option) => ({ ...option, label: spanishStateNames[option.value] ?? option.label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

const spanishProblems: Record<string, string> = {
  [en.sendFailed]: es.sendFailed,
  [en.networkBusy]: es.networkBusy,
};

/**
 * A message shown on a respondent screen (an answer check, the server's refusal, an outcome) in the
 * respondent's language: the Spanish wording where there is one, else the message as it came.
 */
export function messageIn(message: string, lang: SurveyLanguage): string {
  if (lang === 'en') return message;
  const outcome = (Object.keys(responseMessages) as (keyof typeof responseMessages)[]).find(
    (key) => responseMessages[key] === message,
  );
  if (outcome) return responseMessagesEs[outcome];
  return spanishProblems[message] ?? answerMessageIn(message, lang);
}

/** A help line's one-tap link label in Spanish ('Call 988' → 'Llamar al 988'). */
export function contactLabelIn(label: string, lang: SurveyLanguage): string {
  if (lang === 'en') return label;
  const text = /^Text (\S+) to (.+)$/.exec(label);
  if (text) return `Enviar ${text[1]} al ${text[2]}`;
  const call = /^Call (.+)$/.exec(label);
  if (call) return `Llamar al ${call[1]}`;
  const sms = /^Text (.+)$/.exec(label);
  if (sms) return `Mensaje al ${sms[1]}`;
  const visit = /^Visit (.+)$/.exec(label);
  if (visit) return `Visitar ${visit[1]}`;
  return label;
}

/**
 * The language a respondent starts in: the one chosen earlier in this attempt, else Spanish when the
 * browser prefers it and the survey offers it, else English.
 */
export function initialLanguage(
  offered: readonly SurveyLanguage[],
  remembered: string | null,
  browser: string | undefined,
): SurveyLanguage {
  if (remembered && (offered as readonly string[]).includes(remembered)) return remembered as SurveyLanguage;
  if (offered.includes('es') && browser?.toLowerCase().startsWith('es')) return 'es';
  return 'en';
}
