import { compilePattern, normalize, stripAccents } from './normalize';
import type { IncidentCategory } from './risk-types';

/**
 * Concept rules (decision 036): combinations of ideas rather than phrases. A word list needs the
 * sentence someone wrote a pattern for; these need only that two concepts meet in one answer, in
 * any words: an older or online person plus secrecy, meeting, money or images; images plus a threat
 * to share them; a method plus an intent or a time; a farewell. Each concept is a list of patterns in
 * the lexicons' mini-syntax (see `compilePattern`), matched on the normalized answer.
 */
const concept = (...sources: string[]) => sources.map(compilePattern);

const olderOrOnline = concept(
  '(older|grown) (guy|man|men|dude|boy|girl|woman|lady|person)',
  '(guy|man|dude|boy|girl|woman|person|someone|he|she) (is|s)? ?(way )?older',
  'years older',
  '(in|from) (college|uni|university)',
  'an adult',
  '(grown man|grown woman|stranger|strangers)',
  '(guy|man|dude|person|someone|girl|boy|he|she) (i|we) (met|know|talk to|been talking to) (on|from|in) [a-z]+',
  '(from|on|in) (discord|snap|snapchat|insta|instagram|tiktok|roblox|fortnite|minecraft|omegle|telegram|whatsapp|kik|reddit|xbox|ps|online|the game|a game|un juego)',
  '(online|internet) (friend|bf|boyfriend|gf|girlfriend|guy|man|dude)',
  '(my )?(coach|teacher|tutor|youth pastor|pastor|boss|manager|uncle|stepdad|stepbrother|neighbou?r)',
  '(un|una) (senor|hombre|chavo|tipo|man|adulto|desconocido|muchacho) (mayor|grande|de [a-z]+)',
  '(mucho|mas) mayor( que yo)?',
  '(un|el|una) (adulto|adulta|desconocido|desconocida)',
);
const secrecy = concept(
  '(dont|not|never|no) (to )?(tell|say|mention|show)~(anyone|anybody|nobody|parents|mom|mum|dad|family|friends|no one)',
  '(not|dont|never) (to )?tell',
  '(our|a|its) (little )?secret',
  '(between|just) (us|you and me|me and him|me and her)',
  '(delete|deleted|deleting|clear|erase) (the|our|my|all|his|her)? ?(chat|chats|messages|texts|dms|convo|conversation|history)',
  '(no one|nobody|noone) (can|can t|should|is allowed to|is gonna) know',
  '(secret|secreto|secretos) (account|chat|app|phone|relationship|cuenta)?',
  'no (le )?(digas|diga|decir|contar|cuentes) (a )?(nadie|tus papas|tu mama|tus padres)',
  'nadie (puede|debe|tiene que) (saber|enterarse)',
  '(borra|borrar|borre) (los|el)? ?(mensajes|chat|chats)',
  'hide (it|this|him|her|them|the app|the chat)',
  'vanish mode|disappearing messages|mensajes temporales',
);
const meeting = concept(
  'meet (up|me|him|her|irl|in person)',
  '(meeting|meet) (up )?(with )?(him|her|them)',
  '(pick|picking|picked) me up',
  '(come|go|went|going) (over )?to (his|her|their) (place|house|apartment|car|hotel)',
  '(hotel|motel|his car|his place|his apartment)',
  '(verme|vernos|nos vemos|conocernos) (en persona|solos|a solas)?',
  '(me )?(recoge|recoja|recoger|pasa por mi)',
  '(without|behind) (my )?(parents|mom|dad|mum)~know',
  'sneak (out )?to (see|meet)',
);
const moneyOrGifts = concept(
  '(robux|vbucks|v bucks|gift card|giftcard|gift cards|cash app|cashapp|venmo|paypal|zelle|skins|nitro)',
  '(sends|sent|gives|gave|buys|bought|pays|paid|offers|offered|promised) (me|us) (money|cash|gifts|stuff|things|clothes|a phone|food|vapes|weed|bucks|dollars)',
  '(buys|bought|gives|gave) me',
  '(me )?(manda|mando|da|dio|regala|regalo|paga|pago|compra|compro) (dinero|regalos|ropa|cosas|plata|lana|robux)',
  '(pays|paid|pay) me (to|for)',
);
const images = concept(
  '(pic|pics|picture|pictures|photo|photos|selfie|selfies|video|videos|vid|vids|snap|snaps|cam|facetime)',
  '(send|sent|sending|show) (him|her|them)? ?(my|me)? ?(body|chest|everything)',
  '(foto|fotos|fotografias|video|videos|imagenes)',
);
const threatToShare = concept(
  '(post|posts|posting|share|sharing|leak|leaking|send|sending|show|showing|expose|exposing|spread|upload|release) (it|them|those|the|my|these|everything|me)?',
  '(everyone|the whole school|my parents|my family|my followers|my school) (will|would|gonna|is going to) see',
  '(unless|if i dont|or else|or he|or she|or they|otherwise)',
  '(publicar|publica|subir|sube|mandar|manda|ensenar|compartir|difundir|filtrar) (las|mis|los)?',
  '(si no|a menos que)',
);
const threat = concept(
  '(unless|or else|if i dont|if i don t|si no|a menos que|or he|or she|or they|otherwise)',
  '(threaten|threatens|threatening|threatened|amenaza|amenazo|amenazando)',
  '(says|said|told me|dice|dijo) (he|she|they|que)? ?(will|would|ll|gonna|is going to|va a|iba a)',
  '(hell|shell|theyll|he ll|she ll)',
  '(blackmail|blackmailing|chantaje|extorsion|sextortion)',
);
const method = concept(
  '(pill|pills|pastillas|meds|medication|tylenol|advil|sleeping pills|pastillas para dormir)',
  '(rope|noose|belt|cord|cuerda|soga)',
  // A place is a method only with a way of falling or stepping in front ('off the bridge').
  '(jump|jumping|off|edge|ledge|tirarme|aventarme|lanzarme|saltar|step) ~ (bridge|puente|roof|rooftop|techo|azotea|cliff|edificio|building|balcony|balcon)',
  '(in front of|step|walk|walking|frente a|aventarme) ~ (train|tren|tracks|traffic|highway|carretera|bus|truck)',
  '(razor|razors|blade|blades|navaja|cuchilla|sharpener|box cutter|knife|cuchillo)',
  '(gun|guns|pistol|arma|pistola|my dads gun)',
  '(bleach|cloro|lejia|poison|veneno)',
  '(overdose|od|sobredosis)',
);
const intentOrTime = concept(
  '(tonight|tomorrow|this weekend|this week|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|sunday|saturday|friday|after school|when (everyone|they|my parents|mom|dad) (is|are)? ?(asleep|sleeping|gone|out))',
  '(esta noche|manana|este fin de semana|el (lunes|martes|miercoles|jueves|viernes|sabado|domingo)|cuando (todos|mis papas) (duerman|se duerman|esten dormidos))',
  '(enough|suficientes|bastantes) (to|para)',
  '(planning|plan|planned|going to|gonna|ready|decided|voy a|pienso|ya decidi|lista|listo)',
  '(saving|save|saved|stockpiling|collecting|hiding|counting|hoarding|guardando|juntando|escondiendo|contando) (up )?(my|the|some|mis|las|unas)?',
  '(for when|for the day|para cuando)',
  '(looked up|searched|googled|researched|busque) (how|como)',
  '(how many|cuantas|how much) (it takes|would it take|does it take|se necesitan)',
);
const finality = concept(
  '(goodbye|bye) (everyone|world|forever|to everyone|for good)',
  '(last|final) (survey|time|message|note|day|night|goodbye|post|thing) (ill|i ll|i will|i ever|im|i am|youll|you ll)',
  '(wont|will not|aint gonna|not gonna) (be )?(around|here|alive|need (it|this|them|my)|see (next|another|the end))',
  '(gave|giving|give) away (my|all my|everything)',
  '(after|when) (im|i am|i m) gone',
  '(take care of|look after|feed) (my )?(cat|dog|pets|sister|brother|mom) (for me|when|after)',
  'this is (the end|it for me|my last)',
  '(wrote|writing|left) (a|my)? ?(note|letter|goodbye) (for|to)',
  'ya no (voy a estar|estare|estaria)',
  'no (voy a estar|estare) (aqui|aca|mas|por mucho)',
  // Not 'la última vez que fui a la playa', 'mi último año en el cole' or 'mi último día de clases'.
  '(mi ultima|mi ultimo) (encuesta|mensaje|carta|nota|noche|semana|navidad|fin de semana|cumple|cumpleanos|verano|post|poema|dia(?! (de|en) (clase|clases|escuela|cole|colegio|vacaciones|trabajo|campamento|practica|prepa|secundaria|la escuela|el cole)))',
  'la ultima vez que (me ven|me veran|me van a ver|me vas a ver|escribo|les escribo|hablo con|contesto|estoy aqui)',
  '(como si fuera|si fuera|ojala fuera) la ultima vez',
  // A farewell, but not a leaving party ('la fiesta de despedida del profe', 'despedida de soltera').
  '(?<!fiesta de |fiesta de la |regalo de |regalo para la )(despedida|despedidas)(?! (de soltera|de soltero|de fin de curso|de curso|de graduacion|del profe|de la profe|del equipo|del entrenador))',
  '(ultima encuesta|me despido de todos|adios para siempre)',
  '(regale|regalando|regalar) (mis|todas mis|todo)',
  '(no|wont) (be )?(here|around) (for|by|next) (long|much longer|christmas|summer|my birthday|next year|the end of)',
  'see you (on the other side|never)',
);

/** A parent or carer at home, or a parent's partner (for neglect told as being thrown out). */
const carer = concept(
  '(mom|mum|mother|dad|father|parents|stepdad|stepmom|stepfather|stepmother|grandma|grandpa|grandmother|grandfather|guardian|carer)',
  '(my|our) (aunt|uncle|foster (mom|dad|parents|family|home))',
  '(moms|mums|dads) (boyfriend|bf|girlfriend|gf|partner|husband|wife)',
  '(mama|mami|papa|papi|padre|madre|padres|papas|padrastro|madrastra|abuela|abuelo)',
  'mi (viejo|vieja|tia|tio|tutor|tutora)',
  'el novio de mi (mama|madre|vieja)',
);
/** Being thrown out of home (not out of a room, a class or a chat: those name no 'me out' of a home). */
const thrownOut = concept(
  '(kicked|kick|kicks|kicking|threw|throw|throws|thrown|put|puts|locked|locks) (me|us) out(?! of (the|my|his|her|their|our) (kitchen|room|bedroom|living room|bathroom|car|class|game|group|chat|team|office|garage|basement))',
  '(got|get|been|was|were|getting) (kicked|thrown) out',
  '(changed|changing|change|changes) the locks',
  '(not|no longer|aint) welcome (anymore|there|home|back|in the house)',
  '(told|tells|telling) (me|us) to (leave|get out|pack)~(house|home|and not come back|for good)',
  '(my|our) (stuff|things|clothes|bags) (in|into|on|out on) (trash bags|garbage bags|bags|the street|the porch|the lawn|the curb)',
  'me (corrio|corrieron|echo|echaron|saco|sacaron|boto|botaron|corren|echan) (de|a) (la|mi|su|esta)? ?(casa|calle)',
  '(cambio|cambiaron) (la|las) (cerradura|cerraduras|chapa|chapas)',
  '(ya no|no) (soy|era|es|somos) (su|sus) (problema|responsabilidad)',
  '(mis|nuestras) (cosas|ropa) (en|a) (bolsas|la calle)',
  'no (somos|soy) bienvenid[a-z]*',
);
/**
 * Being thrown out that names the home, or the reason a parent gives, so it needs no carer named
 * ('me echaron de la casa', 'kicked out bc i came out'): 'me' only, since 'nos echaron de la casa' is
 * more often a family's eviction.
 */
const thrownOutOfHome = concept(
  '(kicked|kick|threw|throw|thrown|put) (me )?out of (the|my|our) (house|home|apartment|flat)(?! (party|parties|game))',
  '(kicked|thrown) out (bc|because|cause|cuz|cos|after|when|for|since) (i|my|of my) (came out|come out|told them|am gay|m gay|was gay|got pregnant|am pregnant|was pregnant|sexuality|boyfriend|girlfriend)',
  'me (corrio|corrieron|echo|echaron|saco|sacaron|boto|botaron|corren|echan) de (la|mi) casa',
);
/**
 * Being thrown out told bare ('mis papas me echaron por…', 'mi tia me echo y…'), which needs a carer
 * named; not 'me echo la culpa', 'me echaron leche' or 'me echaron de clase'.
 */
const thrownOutBare = concept(
  'me (corrio|corrieron|echo|echaron|boto|botaron|corren|echan) (por|porque|pq|xq|cuando|hace|ayer|anoche|el (lunes|martes|miercoles|jueves|viernes|sabado|domingo|mes|ano|fin)|la semana|y|a la calle|sin|de (la|mi|su) casa|de casa)',
);
/**
 * Neglect told as facts: the adults away for days or weeks, with the teen left short of food or money
 * or minding younger children ('parents went to cancun for 2 weeks and left me … with $40').
 */
const carersAway = concept(
  '(parents|mom|mum|dad|mother|father|stepdad|stepmom|adults|adult|grown ups|grownups) (has |have |hasnt |havent |has not |have not )?(been )?(gone|away|left|not (been )?home|not come home|come home|went to|took off)',
  '(havent|hasnt|have not|has not|not) (seen|heard from) (my )?(mom|mum|dad|parents|an adult|a grown up|any adult|an adult at my house)',
  '(left|leave|leaves) (me|us) (alone|by myself|by ourselves|home alone|with)',
  '(mis papas|mis padres|mi mama|mi papa|mi madre|mi padre|mi vieja|mi viejo|mi jefa|mi jefe) (se fue|se fueron|no ha vuelto|no han vuelto|no ha venido|no han venido|no vuelve|no vuelven|nos dejo|nos dejaron|me dejo|me dejaron)',
  '(nos|me) (dejo|dejaron) (solos|solo|sola|solas)',
);
const daysOrWeeks = concept(
  '(days|weeks|dias|semanas|since last week|since (monday|tuesday|wednesday|thursday|friday|saturday|sunday)|hace una semana|desde el (lunes|martes|miercoles|jueves|viernes|sabado|domingo))',
);
const goingWithout = concept(
  '(no|ran out of|run out of|out of|without|nothing|only|just|barely any|no more) (food|money|cash|to eat|left|groceries)(?! (worries|problems|issues))',
  '(ramen|ketchup|cereal|noodles|crackers|bread) (left|is all|thats all)',
  '(lights|power|water|electricity|heat|wifi) (got |were |was )?(cut|shut|turned) off',
  '(sin|no hay|no tenemos|no queda|se acabo|se acabaron|se nos acabo) (comida|dinero|plata|lana|nada de comer|luz|agua)',
  '(cuidando|cuido|watching|minding|looking after|taking care of) (a )?(my|mis|mi) (little |younger )?(brother|brothers|sister|sisters|siblings|hermanos|hermanito|hermanitos|hermanita|hermana|hermano)',
);
/**
 * Criminal exploitation told as a job: paid to drop off or keep what someone hands over, not knowing
 * or not allowed to know what it is, or paid to watch for the police (a 'halcón').
 */
/** Not 'a bag' (slang for money, but the courier's words say 'a bag' too, and one phrase must not fill two concepts). */
const paid = concept(
  '(pays|paid|pay|paying|gives me|give me|gave me|quid|bucks|dollars|money|cash|per drop|per trip)(?! (worries|problems|issues))',
  '(me dan|me dieron|me pagan|me pago|me paga|pesos|plata|lana|feria|varo|dinero|billetes)',
);
const courierWork = concept(
  '(drop|drops|dropped|deliver|delivered|take|took|bring|brought|hand|hands|handed|hold|keep|keeps|kept|hide|hid|stash|carry|carried) (it|them|a|the|this|that|some|stuff|things|packages|a package|a backpack|a bag|bags)',
  '(llevo|lleve|llevar|entrego|entregue|entregar|guardo|guarde|guardar|escondo|esconder|dejo|deje|dejar|paso|pasar) (un|una|unos|unas|el|la|los|las|cosas)',
);
const notToKnow = concept(
  '(an address|addresses|dont know whats in|do not know whats in|no idea whats in|not allowed to look|not supposed to look|cant look|never open|dont open|not to open|no questions)',
  '(una direccion|no se que (hay|tiene|lleva)|no puedo (abrir|ver|mirar)|no me dejan (abrir|ver|mirar)|sin preguntar|sin abrir)',
);
const lookout = concept(
  '(watch|watching|look out|lookout|keep an eye out) (for )?(the )?(cops|police|feds|twelve|patrol|jakes|popo)',
  '(hice|hago|hacer|soy|trabajo|le hago|le hice|les hago|les hice) (de )?halcon',
  '(avisar|aviso|avise|avisarles) (cuando|si) (viene|vienen|llega|llegan|pasa|pasan) (la )?(patrulla|policia|poli|tira|chota|jura|federales)',
);
/** Criminal exploitation: being made to carry, hold, hide or sell goods that are not the teen's. */
const compelled = concept(
  '(make|makes|made|making|force|forces|forced|forcing|pressure|pressures|pressured) (me|us)',
  '(not allowed|cant|can t|no way) (to )?(stop|quit|say no|back out|leave)',
  '(owe|owes|owed|debt|work it off|pay (it|him|them) (back|off))',
  '(or else|or they|or he|if i (dont|say no|stop|refuse))',
  '(me|nos) (obligan|obligaron|obliga|obligo|hacen|hicieron|ponen|pusieron|mandan|toca|toco)',
  '(deuda|les debo|le debo|les debemos)',
  'si no (lo hago|quiero|acepto|contesto|obedezco)',
);
const carrying = concept(
  '(hold|holds|holding|keep|keeps|keeping|hide|hides|hiding|stash|stashing|carry|carrying|carries|deliver|delivering|deliveries|drop offs|sell|selling|move|moving|transport|transporting|drive|driving|run|running)',
  '(guardar|guardo|guarde|esconder|escondo|llevar|llevo|lleve|cargar|repartir|reparto|entregas|entregar|vender|vendo|mover|pasar|cruzar)',
  '(county lines|trap house|trapping|mule|mula|halcon)',
);
const contraband = concept(
  '(drugs|weed|coke|pills|packages|package|parcels|baggies|product|stuff|cash|guns|gun|weapon|weapons|knife|strap|deliveries|bags)',
  '(drogas|droga|mota|coca|perico|merca|paquetes|paquete|bolsas|bolsitas|mercancia|plata|pistola|pistolas|armas|arma|fierro|chumbo|entregas)',
);
/** Forced work with papers taken. */
const papersTaken = concept(
  '(took|take|takes|taken|keeps|kept|holds|holding|hid|hides|has) (my|our|all our|all my) (passport|passports|papers|documents|id|ids)',
  '(passport|passports|papers|documents) (were|was|got)? ?(taken|took|kept)',
  '(quitaron|quito|quita|quitan|tiene|tienen|guarda|guardan|retiene|retienen|se quedo con|se queda con|se quedan con|se quedaron con) (mi|mis|nuestros|nuestro|los|el) (pasaporte|pasaportes|papeles|documentos|dni|identificacion|cedula)',
);
const work = concept(
  '(work|working|job|clean|cleaning|sell|selling|pay|paid|money|debt|owe|owes)',
  '(trabajo|trabajar|trabajando|trabajamos|limpio|limpiar|limpiando|vender|vendo|pagan|paga|dinero|deuda|debo|plata)',
);
/** Intimate images, and their being spread (sharing them is exploitation whether or not it was threatened). */
const intimateImages = concept(
  '(nudes|nude|naked|nakeds|my pack)',
  '(private|intimate|personal|spicy) (pics|pictures|photos|videos|vids|images|snaps)',
  '(pics|pictures|photos|videos|vids) (of me )?(changing|naked|in the shower|undressed|in my underwear)',
  '(pics|pictures|photos|videos|vids) i (sent|send|had sent) (him|her|them|my ex)',
  '(fotos|videos|fotografias|imagenes) (intimas|privadas|desnuda|desnudo|sin ropa|en ropa interior)',
  '(desnuda|desnudo|sin ropa|el pack|mi pack|mis packs)',
  '(fotos|videos) que le (mande|envie|pase|mandaba)',
);
const spreadAround = concept(
  '(shared|posted|leaked|airdropped|spread|passed around|trading|traded|forwarded|uploaded|exposed|showed (everyone|the whole|his friends|her friends|the team|the class))',
  '(sent|send) (them|it|those|my pics|the pics) to (everyone|the whole|his friends|her friends|the team|the group|a group)',
  '(mandaron|pasaron|subieron|compartieron|compartio|filtraron|filtro|difundieron|publicaron|publico|rolaron|rolo)',
);

const reflexive = concept('(myself|my self|mi mismo|mi misma|me mismo|me misma|yo mismo|yo misma)');
/** Someone other than the writer who could be harmed, or a weapon: any of them keeps danger to others. */
const someoneElse = concept(
  '(him|her|them|they|he|she|people|everyone|everybody|someone|somebody|anyone|kid|kids|guy|guys|girl|girls|friend|friends|class|school|teacher|teachers|bully|bullies|dad|mom|stepdad|stepmom|brother|sister|cousin|uncle|boyfriend|girlfriend|ex|gun|knife)',
  '(lo|la|los|las|les|ellos|ellas|alguien|todos|escuela|maestro|maestra|papa|mama|padrastro|hermano|hermana|primo|prima|amigo|amiga|pistola|cuchillo|navaja)',
);

const hits = (patterns: RegExp[], text: string) =>
  patterns.some((p) => {
    p.lastIndex = 0;
    return p.test(text);
  });

/** An age gap in numbers: 'he's 24', 'a 30 yo', 'tiene 25' beside a teen (the normalizer drops digits). */
function adultAgeInNumbers(raw: string): boolean {
  const lower = stripAccents(raw.toLowerCase());
  for (const match of lower.matchAll(
    /\b(?:he|she|hes|shes|he's|she's|is|guy|man|dude|tiene|un|una|tipo|senor)\s*(?:is\s*)?(\d{2})\b|\b(\d{2})\s*(?:yo|y\/o|yrs?|years?\s*old|anos)\b/g,
  )) {
    const age = Number(match[1] ?? match[2]);
    if (age >= 19 && age <= 80) return true;
  }
  return false;
}

/** The categories the concept rules raise for an answer. */
export function conceptRules(text: string, normal = normalize(text)): IncidentCategory[] {
  if (!normal) return [];
  const out = new Set<IncidentCategory>();
  const person = hits(olderOrOnline, normal) || adultAgeInNumbers(text);
  const withImages = hits(images, normal);
  if (person && (hits(secrecy, normal) || hits(meeting, normal) || hits(moneyOrGifts, normal) || withImages))
    out.add('exploitation');
  // Images plus a threat to share them: sextortion, with or without a named person.
  if (withImages && hits(threatToShare, normal) && hits(threat, normal)) out.add('exploitation');
  // Criminal exploitation; forced work with papers taken; intimate images spread (CATEGORIES.md).
  if (hits(compelled, normal) && hits(carrying, normal) && hits(contraband, normal)) out.add('exploitation');
  if (hits(papersTaken, normal) && hits(work, normal)) out.add('exploitation');
  if (hits(intimateImages, normal) && hits(spreadAround, normal)) out.add('exploitation');
  // Paid to carry or keep what you must not look at, or to watch for the police.
  if (hits(paid, normal) && ((hits(courierWork, normal) && hits(notToKnow, normal)) || hits(lookout, normal)))
    out.add('exploitation');
  // Left for days or weeks without food, money or an adult: neglect.
  if (hits(carersAway, normal) && hits(daysOrWeeks, normal) && hits(goingWithout, normal)) out.add('abuse');
  // A parent or carer who throws the teen out: neglect, which CATEGORIES.md counts as abuse.
  if (hits(thrownOutOfHome, normal)) out.add('abuse');
  else if (hits(carer, normal) && (hits(thrownOut, normal) || hits(thrownOutBare, normal))) out.add('abuse');
  if (hits(method, normal) && hits(intentOrTime, normal)) out.add('self_harm');
  if (hits(finality, normal)) out.add('self_harm');
  return [...out];
}

/**
 * Whether an answer speaks of harm to the writer alone ('hurting myself'), naming no one else: then
 * a danger to others that only the model raised is held, not raised (classifier.ts).
 */
export const harmsOnlyThemself = (normal: string) => hits(reflexive, normal) && !hits(someoneElse, normal);
