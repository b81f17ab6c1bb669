import type { ArticleAttributes } from '@tv/contract';

export interface ArticleSeed {
  /** ISO date-time of publication; spread over 2026-01 … 2026-11-15, all in the past. */
  publishedAt: string;
  attributes: Omit<ArticleAttributes, 'cover'>;
}

/**
 * Demo articles for the public research site: findings from (fictional) TeenVoice studies and
 * methodology pieces for researchers. Bodies are the sanitised HTML the content service stores.
 */

type Author = ArticleAttributes['author'];

/** The research team that signs the articles. */
const authors = {
  chen: { name: 'Dr. Maya Chen', role: 'Head of Youth Research' },
  brooks: { name: 'Daniel Brooks', role: 'Senior Research Methodologist' },
  rahman: { name: 'Dr. Aisha Rahman', role: 'Director of Ethics and Safeguarding' },
  ortega: { name: 'Luis Ortega', role: 'Research Analyst, Consumer and Media' },
  whitfield: { name: 'Grace Whitfield', role: 'Research Director, Civic and Education Studies' },
} satisfies Record<string, Author>;

/** Joins a multi-line HTML template into one string, dropping the line breaks between tags. */
const html = (strings: TemplateStringsArray): string =>
  strings
    .join('')
    .replace(/>\s*\n\s*</g, '><')
    .trim();

const WORDS_PER_MINUTE = 200;

/** Reading time at 200 words a minute, rounded up. */
const readingTime = (body: string): number => {
  const words = body
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
};

const article = (
  publishedAt: string,
  attributes: Omit<ArticleAttributes, 'cover' | 'readingTimeMinutes'>,
): ArticleSeed => ({
  publishedAt,
  attributes: { ...attributes, readingTimeMinutes: readingTime(attributes.body) },
});

export const demoArticles: ArticleSeed[] = [
  article('2026-01-14T14:00:00.000Z', {
    title: 'Pulse checks vs. long-form surveys: choosing the right tool',
    slug: 'pulse-checks-vs-long-form-surveys',
    summary:
      'A five-question pulse check and a fifteen-minute survey answer different questions. Here is how we decide between them, and what survey length does to teen respondents.',
    body: html`
<p>Almost every week a client asks us whether they need a pulse check or a long-form survey. The honest answer is that the question you are trying to answer decides the format, not the budget. This piece explains how we make the choice on the TeenVoice panel, using completion data from the projects we ran in 2025.</p>
<h2>What each format is for</h2>
<h3>Pulse checks</h3>
<p>A pulse check is at most five questions and usually takes teens under two minutes on a phone. It is built to inform a single decision: which of two names lands better, whether a news event has registered, whether a reaction has shifted since last month. Because it is short, it fills quickly. Most of our 1,000-respondent pulse checks close within 48 hours, and you can repeat one on a schedule to watch a number move.</p>
<h3>Long-form surveys</h3>
<p>A long-form survey typically runs 8 to 15 minutes and carries screening questions, quotas, routing and a mix of question types. It is built for explanation: who thinks what, why they think it, and how it connects to other things they do. Segmentation, driver analysis and anything you intend to publish as a report need long form.</p>
<h2>What length does to teen respondents</h2>
<p>Across 2025 projects on our panel, the median completion rate, meaning the share of teens who started a survey and finished it, was <strong>94%</strong> for pulse checks, <strong>86%</strong> for long-form surveys under 10 minutes, <strong>79%</strong> for surveys of 10 to 15 minutes and <strong>64%</strong> for surveys over 20 minutes.</p>
<p>Drop-off is not the only cost. In surveys longer than 15 minutes, the share of answers flagged for straight-lining (choosing the same point on every row of a grid) was roughly three times higher in the final third of the questionnaire than in the first third. Those responses still count toward your sample unless someone reviews and excludes them.</p>
<blockquote><p>A 25-minute survey does not buy you 25 minutes of attention. It buys you about 12 good minutes and 13 minutes of something else.</p></blockquote>
<p>Length also changes who you hear from. Teens aged 13 and 14 abandon long surveys at about 1.4 times the rate of 17- to 19-year-olds. If your sample needs to be balanced by age, a long questionnaire quietly tilts it older unless quotas hold it in place.</p>
<h2>Choosing between them</h2>
<h3>Choose a pulse check when</h3>
<ul>
<li>you need an answer within days rather than weeks;</li>
<li>the decision turns on one or two questions;</li>
<li>you want to track a number over time with identical wording;</li>
<li>you are measuring reaction to something teens already know about.</li>
</ul>
<h3>Choose a long-form survey when</h3>
<ul>
<li>you need to compare subgroups, such as age bands or regions, with confidence;</li>
<li>you need to understand why, not only what;</li>
<li>you need to screen for a specific group, such as teens who work part-time;</li>
<li>you plan to publish the results or use them for a major investment decision.</li>
</ul>
<h2>Using both together</h2>
<p>The strongest research programs combine the two. A common pattern is a long-form baseline once or twice a year, followed by monthly pulse checks that repeat three or four of its key questions word for word. The pulse numbers can then be read against the baseline. Keep the wording, the answer order and the screener identical: changing “How often” to “How regularly” is enough to break a trend line.</p>
<p>The pattern also works in reverse. A pulse check turns up a surprise, for example a sudden drop in how many teens say they trust a product category, and a focused long-form survey follows to explain it. The pulse check tells you where to look; the long form tells you what you are looking at.</p>
<h2>Three mistakes we see often</h2>
<h3>Overloading the pulse check</h3>
<p>Five questions with three grids and an open-ended question is not a pulse check. If you need more than five questions, you are probably asking more than one thing, and a short long-form survey will serve you better.</p>
<h3>Making subgroup claims from a small sample</h3>
<p>A 500-respondent pulse check includes roughly 140 teens aged 13 and 14. Split them by gender and region and the groups shrink quickly toward sizes where percentages swing wildly, or where results are hidden altogether to protect respondents.</p>
<h3>Treating the long form as a collection box</h3>
<p>Every stakeholder has a question they would like to add. Each addition costs attention from every respondent who answers after it. Before adding a question, ask what decision it will change. If nobody can say, leave it out.</p>
`,
    tags: ['methodology', 'survey design', 'pulse checks'],
    theme: 'brands-and-media',
    author: authors.brooks,
    seoTitle: 'Pulse checks vs. long-form surveys for teen research',
    seoDescription:
      'When to run a five-question pulse check and when you need a long-form survey, with completion rates from the TeenVoice teen panel.',
  }),
  article('2026-01-29T15:00:00.000Z', {
    title: 'After 10 p.m.: what teens do on their phones late at night',
    slug: 'teens-phones-after-10-pm',
    summary:
      'Seven in ten US teens use their phone after 10 p.m. on a typical school night. Our Night Owls study of 2,412 teens looks at what they do, why they stay on, and what they would change.',
    body: html`
<p>Late-night phone use is one of the most discussed and least measured parts of teen life. Parents worry about it, schools see its effects in first period, and teens themselves have mixed feelings about it. To move past anecdote, our Night Owls study asked 2,412 US teens aged 13 to 19 what actually happens on their phones after 10 p.m. on a school night.</p>
<h2>Most teens are still online after 10 p.m.</h2>
<p>Overall, <strong>72%</strong> of teens say they use their phone after 10 p.m. on a typical school night. The share rises steadily with age: 58% of 13- and 14-year-olds, 74% of 15- and 16-year-olds and 81% of 17- to 19-year-olds.</p>
<h3>Where the phone spends the night</h3>
<p>Most phones sleep next to their owners. <strong>79%</strong> of teens keep their phone within reach of their bed overnight, 12% charge it in another room and 9% say it varies. Teens who charge their phone outside the bedroom report an average of 7.6 hours of sleep on school nights, compared with 6.8 hours for teens whose phone is within reach.</p>
<p>That gap deserves care. It is a correlation, not proof that moving the charger adds 48 minutes of sleep. Families with a phone-outside-the-bedroom rule may differ in other ways, including earlier bedtimes, younger children or fewer early-morning commitments. Still, the difference is large and consistent across every age group we looked at.</p>
<h2>What teens are doing</h2>
<p>Among teens who use their phone after 10 p.m., the most common activities are:</p>
<ul>
<li>messaging friends, individually or in group chats (68%);</li>
<li>watching short videos (61%);</li>
<li>listening to music or podcasts to fall asleep (44%);</li>
<li>playing games (29%);</li>
<li>finishing or checking homework (23%).</li>
</ul>
<p>The activities overlap. A typical late-night session, as teens described it in open-ended answers, starts with a message, drifts into video and ends with something playing in the background. One 16-year-old put it simply: “I go on to reply to one thing and then it’s 1 a.m.”</p>
<h3>Staying up later than planned</h3>
<p>Among late-night users, <strong>41%</strong> say they stayed up later than they intended on at least three nights in the past week. The figure is similar for boys (39%) and girls (43%), which runs against the common assumption that late-night use is mainly a problem of one gender or one app.</p>
<h2>Why they stay on</h2>
<p>We asked late-night users to choose any reasons that applied. The answer chosen most often was not social pressure but time: <strong>46%</strong> said late at night is “the only time that’s just mine.” Another 37% said they do not want to miss something in a group chat, and 33% said they use their phone to help them fall asleep.</p>
<blockquote><p>“After school it’s practice, then dinner, then homework. When I finally get in bed, that’s my free time.” — Girl, 17, Midwest</p></blockquote>
<p>This matters for anyone designing an intervention. If the phone is filling a gap in unstructured time, taking it away removes the only downtime some teens feel they have, and the time may simply move elsewhere.</p>
<h2>What teens would change</h2>
<p>Teens are not indifferent to the trade-off. More than half (<strong>52%</strong>) say they would try a scheduled do-not-disturb setting if their friends did the same, which suggests that the group, not the individual, is the natural unit for change. Only 28% say they would like their parents to set rules about phone use at night, while 63% would rather decide for themselves.</p>
<h3>What this means for parents, schools and product teams</h3>
<ul>
<li><strong>Parents</strong> may get further by agreeing on a shared routine, such as a common charging spot, than by imposing a cutoff teens did not help design.</li>
<li><strong>Schools</strong> that coordinate homework deadlines avoid pushing work, and the phone that comes with it, past 10 p.m.</li>
<li><strong>Product teams</strong> can make quiet hours easy to share with friends, so that switching off does not mean being the only one missing out.</li>
</ul>
<h2>About the study</h2>
<p>The TeenVoice Night Owls study surveyed 2,412 US teens aged 13 to 19 online from November 10 to 24, 2025. Results are weighted by age, gender and region to match the US teen population. The margin of error for the full sample is plus or minus 2.2 percentage points at the 95% confidence level; it is larger for subgroups. Sleep hours are self-reported.</p>
`,
    tags: ['smartphones', 'sleep', 'screen time', 'gen z'],
    theme: 'digital-life',
    author: authors.chen,
    seoTitle: 'What US teens do on their phones after 10 p.m.',
    seoDescription:
      'Seven in ten US teens use their phone after 10 p.m. on school nights. New TeenVoice data on what they do, why, and what they would change.',
  }),
  article('2026-02-18T15:00:00.000Z', {
    title: 'Consent and assent: surveying minors responsibly',
    slug: 'consent-and-assent-surveying-minors',
    summary:
      'Most of the teens we survey are minors. This is how we think about consent, assent, data minimization and safeguarding, and a checklist you can use on your own studies.',
    body: html`
<p>Research with teenagers is worth doing well precisely because it is easy to do badly. Teens are the best source of information about their own lives, and leaving them out of research means decisions get made about them on the basis of guesses. But most of the people on our panel are minors, and that brings obligations that go beyond a checkbox. This piece sets out the principles we work by and the practical choices that follow from them.</p>
<h2>Consent and assent are not the same thing</h2>
<p><strong>Consent</strong> is the legally effective agreement of someone who is old enough to give it. <strong>Assent</strong> is the affirmative agreement of a minor who cannot give legal consent but is old enough to understand what they are being asked to do. A teen’s assent does not replace consent where consent is required, and a parent’s permission does not replace the teen’s own agreement.</p>
<h3>Where the line falls</h3>
<p>The age of majority is 18 in most US states, but it is 19 in Alabama and Nebraska and 21 in Mississippi. A sample of 13- to 19-year-olds therefore mixes minors and adults, and the line between them depends on where a respondent lives. Academic researchers working under an institutional review board follow federal rules for research involving children, which call for the child’s assent and, unless the board waives it, a parent’s permission. Commercial research is not always covered by those rules, but we hold ourselves to the same principles and to industry codes of conduct: teens under 18 join our panel with a parent’s or guardian’s permission, and every survey asks for the teen’s own assent before the first question.</p>
<h2>What a good assent screen says</h2>
<p>Before any question, every TeenVoice survey shows an introduction written for the youngest person who might read it. We aim for a sixth-grade reading level and test it with teens. A good introduction answers six questions in plain words:</p>
<ul>
<li>Who is asking, and why?</li>
<li>What is the survey about, and how long will it take?</li>
<li>What happens to my answers, and who will see them?</li>
<li>Can I skip a question or stop at any time?</li>
<li>Is there anything that could upset me?</li>
<li>Who can I contact if I have a question or a worry?</li>
</ul>
<blockquote><p>“This survey is about how you spend your evenings. It takes about 8 minutes. There are no right or wrong answers. We never ask for your name, and your answers are only ever shown combined with other people’s. You can stop at any time.”</p></blockquote>
<p>Avoid legal language on this screen. A teen who has to scroll through three paragraphs of terms learns only that the text is not meant for them.</p>
<h2>Collect only what you need</h2>
<p>The safest data is data you never collect. Our respondent surveys ask for no name, email address or phone number, and we do not keep the IP addresses of respondents. Each response stores the screening answers (age, gender and state, which is converted to a region), the answers themselves and timing information used for quality checks. That is enough to weight a sample and to analyze results by age, gender and region, and it is not enough to identify a person.</p>
<h3>Results are shown only in groups</h3>
<p>Minimization continues after fieldwork. Results on our platform are shown only in aggregate, and any group with fewer than five respondents is hidden. We explain the reasoning in our piece on small-group suppression.</p>
<h2>Sensitive topics and safeguarding</h2>
<p>Some of the most important questions about teen life touch on stress, mental health, safety and relationships. We do not think those topics should be off limits, but they need extra care.</p>
<h3>Every sensitive question has a way out</h3>
<p>Questions about health, family circumstances or personal experiences should always offer “Prefer not to say.” In our studies, between 3% and 8% of teens typically choose it on sensitive items, and that is a sign the option is doing its job.</p>
<h3>Help appears at the moment it is needed</h3>
<p>When a teen’s open-ended answer suggests they may be at risk, our platform immediately shows them sources of help, including the 988 Suicide and Crisis Lifeline, before the survey continues. A safeguarding moderator then reviews the flagged answer. Because survey responses carry no contact details and no link to a panel profile, we cannot reach out to an individual teen, and we are open about that trade-off: anonymity is what allows teens to answer honestly, so our duty is to make help visible to everyone at the point it matters.</p>
<h2>A checklist for your next study</h2>
<ul>
<li>Is the introduction readable by a 13-year-old, and has a teen read it?</li>
<li>Does every question you ask change a decision? If not, remove it.</li>
<li>Do sensitive questions offer “Prefer not to say”?</li>
<li>Have you removed any request for identifying information, including in open-ended prompts?</li>
<li>If your study is academic, has your review board approved the consent and assent approach?</li>
<li>Will results be reported only in groups large enough to protect individuals?</li>
</ul>
`,
    tags: ['ethics', 'methodology', 'safeguarding', 'privacy'],
    theme: 'health-and-wellbeing',
    author: authors.rahman,
    seoTitle: 'Consent and assent: surveying minors responsibly',
    seoDescription:
      'How TeenVoice handles consent, assent, data minimization and safeguarding when surveying teens aged 13 to 19, plus a checklist for researchers.',
  }),
  article('2026-03-05T15:00:00.000Z', {
    title: 'First paychecks: how teens earn, save and spend',
    slug: 'first-paychecks-how-teens-earn-save-spend',
    summary:
      'A third of US teens earned money from a job in the past year, and more earned it informally. Our First Paychecks study of 2,050 teens looks at where the money comes from and where it goes.',
    body: html`
<p>For many teens, the first paycheck is the first time money is truly theirs to manage. Our First Paychecks study asked 2,050 US teens aged 13 to 19 how they earn money, how they are paid, and what they do with it. The picture is of a generation that works more informally than headlines suggest and saves more than it is given credit for.</p>
<h2>Who is earning</h2>
<p>Overall, <strong>34%</strong> of teens say they earned money from a job with an employer in the past 12 months. Unsurprisingly, age is the biggest factor: 49% of 16- to 19-year-olds worked for an employer, compared with 14% of 13- to 15-year-olds, many of whom are too young for most jobs.</p>
<h3>The informal economy matters</h3>
<p>Formal jobs are only part of the story. <strong>41%</strong> of teens earned money informally in the past year, through babysitting, yard work, pet sitting, tutoring or reselling clothes and sneakers online. Counting both, <strong>58%</strong> of teens earned some money of their own. Informal work is especially important for younger teens: among 13- to 15-year-olds, it accounts for most of the money they earn.</p>
<h3>What jobs teens hold</h3>
<p>Among teens with an employer, food service is the most common job (38%), followed by retail (24%), childcare (11%) and lifeguarding or recreation (9%), with 18% in other roles. During the school year, the median working teen puts in 12 hours a week and earns <strong>$165</strong> a week.</p>
<h2>Why teens work</h2>
<p>Asked for their main reason, 52% of working teens say they want their own spending money. Another 21% are saving for something specific, most often college or a car, 14% say they work to help their family, and 13% want experience for their resume.</p>
<p>Helping family is more common than it might appear. Among teens who say their family “sometimes” or “often” has trouble paying for things, 28% name helping family as their main reason for working, compared with 6% of other teens.</p>
<h2>How teens are paid</h2>
<p>Most working teens are banked. <strong>71%</strong> of those with an employer are paid by direct deposit into a bank account, 12% through a payment app and 17% by cash or check. Across all teens, 62% have a bank account in their own name or a joint account with a parent, and 55% have a debit card.</p>
<blockquote><p>“My first check was smaller than I expected because of taxes. Nobody told me about that.” — Boy, 17, South</p></blockquote>
<p>That reaction was common. In open-ended answers, surprise at payroll deductions was the single most mentioned “thing I wish I had known” about a first job.</p>
<h2>Where the money goes</h2>
<p>We asked teens who earn money where most of it goes. Saving came first:</p>
<ul>
<li>saving it (29%);</li>
<li>food and eating out (22%);</li>
<li>clothes and shoes (16%);</li>
<li>car costs and gas (11%);</li>
<li>helping with family expenses (9%);</li>
<li>games, apps and subscriptions (7%);</li>
<li>something else (6%).</li>
</ul>
<p>Saving is often tied to a goal rather than a habit. Teens saving for a car or college describe specific targets; fewer describe a routine of putting money aside each week.</p>
<h2>Barriers and gaps</h2>
<h3>Finding work that fits</h3>
<p>Among 16- to 19-year-olds who did not work for an employer in the past year, 39% say they wanted a job but could not find one that fit around school. Transportation was the next most common barrier, especially in rural areas.</p>
<h3>Learning about money</h3>
<p>Only 44% of teens say they have taken a class that covered personal finance, although a growing number of states now require one for graduation. Teens who took such a class were more likely to say they understood their pay stub (61% compared with 38%).</p>
<h2>About the study</h2>
<p>The TeenVoice First Paychecks study surveyed 2,050 US teens aged 13 to 19 online from January 12 to 26, 2026. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.3 percentage points at the 95% confidence level. Earnings are self-reported and rounded by respondents.</p>
`,
    tags: ['jobs', 'personal finance', 'saving', 'gen z'],
    theme: 'money-and-work',
    author: authors.chen,
    seoTitle: 'First paychecks: how US teens earn, save and spend',
    seoDescription:
      'A third of US teens earned money from a job in the past year. TeenVoice data on teen jobs, pay, banking and where the money goes.',
  }),
  article('2026-03-26T14:00:00.000Z', {
    title: 'How to write survey questions teens actually answer',
    slug: 'how-to-write-survey-questions-teens-answer',
    summary:
      'Teens answer surveys on phones, between other things, and stop when a question feels like a test. Practical rules for wording, answer options and formats, with before-and-after examples.',
    body: html`
<p>A survey question is a small request for someone’s attention. Teenagers are generous with it when a question is clear and relevant, and they withdraw it quickly when it is not. After reviewing thousands of questions on the TeenVoice platform, we have found that the same handful of problems account for most confusing results. Here is how to avoid them.</p>
<h2>Start from the way teens take surveys</h2>
<p>More than nine in ten TeenVoice responses are completed on a phone, often in short windows: on the bus, between classes, while waiting for something else. Design for that reality. A question that needs horizontal scrolling, or a long stem that fills the screen before the answers appear, will be skimmed or skipped.</p>
<h3>Write at a sixth-grade reading level</h3>
<p>Your youngest respondents may be 13, and reading ability varies widely at every age. Use short sentences and common words. “How often do you” beats “With what frequency do you.” If a term might be unfamiliar, such as “subscription service” or “extracurricular,” give a quick example in brackets or rephrase it.</p>
<h3>Give a concrete time frame</h3>
<p>“Do you exercise regularly?” means different things to different people. “In the past 7 days, on how many days did you exercise for at least 30 minutes?” has one meaning. Short, specific recall periods produce more accurate answers than “usually” or “in general.”</p>
<h2>Ask one thing at a time</h2>
<p>Double-barreled questions are the most common problem we see. Consider:</p>
<blockquote><p>Before: “How easy and fun is it to use the app?”</p><p>After: “How easy is it to use the app?” followed by “How much do you enjoy using the app?”</p></blockquote>
<p>A teen who finds the app easy but boring has no honest answer to the first version. Split it, even if that adds a question.</p>
<h3>Avoid leading wording</h3>
<p>“How much do you love our new flavor?” tells the respondent what answer you want. Teens are quick to notice this and some respond by disengaging. Use neutral wording: “What do you think of the new flavor?”</p>
<h2>Get the answer options right</h2>
<h3>Balance your scales</h3>
<p>A scale with three positive options and one negative one pushes answers upward. Use balanced, fully labeled scales, such as “Very unlikely, Somewhat unlikely, Neither likely nor unlikely, Somewhat likely, Very likely.” Fully labeled points are easier to read on a phone than numbers with labels only at the ends.</p>
<h3>Let teens say they do not know</h3>
<p>Teens are often asked about things they have no view on or no access to, such as household spending. Without “Not sure” or “Does not apply to me,” they guess, and guesses look exactly like real answers in your data. In our First Paychecks study, 46% of 13- to 15-year-olds chose “I don’t know” when asked about their family’s monthly spending on groceries. Forcing them to choose a number would have produced a confident-looking and meaningless result.</p>
<h3>Keep lists short and shuffle them</h3>
<p>Long lists of options favor the first few items, especially on small screens. Keep lists under about ten items where you can, add “Something else” where the list may be incomplete, and randomize the order of options that have no natural sequence.</p>
<h2>Choose formats that work on a phone</h2>
<h3>Use grids sparingly</h3>
<p>A matrix of statements with the same scale is efficient for you and tiring for respondents. Limit grids to five or six rows and no more than two per survey. Long grids are where straight-lining, choosing the same column for every row, shows up most.</p>
<h3>Make open-ended questions specific</h3>
<p>“Any other comments?” yields little. “What is one thing you would change about your school’s lunch options?” yields a great deal. One or two well-aimed open-ended questions often produce the most quotable and useful material in a study.</p>
<h2>Skip the slang</h2>
<p>Adult-written slang ages fast and often reads as mockery. Teens in our brand studies consistently describe slang in surveys and ads as “trying too hard.” Plain, respectful language works for every age.</p>
<h2>Test before you launch</h2>
<ul>
<li>Read the survey aloud to a teen, or ask a few teens to think aloud while answering it. Five to eight conversations catch most problems.</li>
<li>Soft-launch to about 50 respondents and check timings, skip rates and quality flags before opening the full sample.</li>
<li>Look at questions where many teens chose “Not sure”: a high rate may mean the question is unclear, not that teens have no opinion.</li>
</ul>
`,
    tags: ['methodology', 'survey design', 'question writing'],
    theme: 'learning',
    author: authors.chen,
    seoTitle: 'How to write survey questions teens actually answer',
    seoDescription:
      'Practical rules for writing survey questions for 13- to 19-year-olds: wording, answer scales, phone-friendly formats and pretesting.',
  }),
  article('2026-04-15T14:00:00.000Z', {
    title: 'What makes a brand feel “for us”? Teens on authenticity',
    slug: 'what-makes-a-brand-feel-for-us',
    summary:
      'Teens say they trust brands that make things that last, price fairly and are honest about what they sell. Borrowed slang and undisclosed creator deals do the opposite.',
    body: html`
<p>“Authenticity” is one of the most used and least defined words in youth marketing. To find out what it means to teens themselves, we asked 1,620 US teens aged 13 to 19 what makes them trust a brand, what makes them stop trusting one, and how they react when brands try to speak their language. We also coded more than 3,100 open-ended answers describing brands teens feel are, in their words, “for us.”</p>
<h2>Trust starts with the product</h2>
<p>We asked teens to choose up to three qualities that matter most when deciding whether to trust a brand. The top answers were practical:</p>
<ul>
<li>the product is good quality and lasts (58%);</li>
<li>the price is fair for what you get (52%);</li>
<li>the brand is honest about what the product does (46%);</li>
<li>real people, not only models or celebrities, appear in its ads (29%);</li>
<li>creators I follow actually use it (24%);</li>
<li>it feels current or trendy (17%);</li>
<li>it takes a stand on issues I care about (14%).</li>
</ul>
<p>This ordering is a useful corrective. Much of the conversation about Gen Z and brands focuses on values and cultural relevance, but teens, many of whom are spending money they earned themselves, put durability and price first.</p>
<h3>What “for us” means in their words</h3>
<p>In open-ended answers, the most common theme (22% of coded comments) was consistency: a brand that “doesn’t change who it is every time something goes viral.” Next came value for money (18%), being treated with respect rather than talked down to (15%) and listening to customers, such as bringing back a discontinued product after complaints (11%).</p>
<h2>Trying too hard</h2>
<p>Teens are acutely aware of attempts to sound like them. <strong>62%</strong> say they can usually tell when an ad is “trying too hard” to sound young, and <strong>54%</strong> say seeing a brand use teen slang in an ad makes them less likely to buy from it. Only 9% say it makes them more likely.</p>
<blockquote><p>“When a bank uses words from my group chat, I don’t think they get me. I think they studied me.” — Girl, 18, West</p></blockquote>
<p>Reactions were sharpest among older teens: 61% of 17- to 19-year-olds say borrowed slang puts them off, compared with 45% of 13- and 14-year-olds.</p>
<h2>Creators and disclosure</h2>
<p>Creators are a major route to brand discovery, and teens are relaxed about paid partnerships as long as they are open. <strong>68%</strong> say they prefer creators to say clearly when a post is sponsored, and most say disclosure does not bother them. The damage comes from concealment: among teens who have found out that a creator was paid for a post that was not labeled, 47% say they trust that creator less, and 31% say they trust the brand less.</p>
<h3>Small creators, big trust</h3>
<p>Teens distinguish between celebrities and smaller creators who review products in their niche, such as skincare, sneakers or gaming gear. Recommendations from smaller creators were described as “someone who actually uses it,” while celebrity endorsements were more often described as “just an ad.”</p>
<h2>When teens walk away</h2>
<p>Although only 14% rank taking a stand on issues among their top three trust factors, values still matter when something goes wrong. <strong>39%</strong> of teens say they have stopped buying from a brand because of something it did. The reasons cited most often were how it treated workers, its environmental record and how it treated customers who complained. In other words, teens do not necessarily want brands to make statements, but they notice conduct.</p>
<h2>What this means for brands</h2>
<h3>Lead with the product</h3>
<p>Show what the product does and how long it lasts. For teens, a clear demonstration is more persuasive than a cultural reference.</p>
<h3>Speak plainly</h3>
<p>Write in a clear, friendly voice that does not imitate teens. Respectful and direct beats borrowed and fashionable.</p>
<h3>Disclose every partnership</h3>
<p>Labeling sponsored content costs little with teens. Being found out costs a great deal.</p>
<h2>About the study</h2>
<p>The TeenVoice brand trust study surveyed 1,620 US teens aged 13 to 19 online from February 9 to 23, 2026. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.6 percentage points at the 95% confidence level. Open-ended answers were coded by two researchers working independently, with disagreements resolved by discussion.</p>
`,
    tags: ['brands', 'advertising', 'creators', 'gen z'],
    theme: 'brands-and-media',
    author: authors.ortega,
    seoTitle: 'What makes teens trust a brand? Authenticity data',
    seoDescription:
      'US teens trust brands that make things that last and price fairly. New TeenVoice data on slang in ads, creator disclosure and boycotts.',
  }),
  article('2026-05-06T14:00:00.000Z', {
    title: 'Why we never show groups under five',
    slug: 'why-we-never-show-groups-under-five',
    summary:
      'Anonymous answers can still identify a teen when a group gets small enough. Here is why TeenVoice hides any result based on fewer than five respondents, and how to design studies around it.',
    body: html`
<p>Researchers who use our platform for the first time sometimes ask why a cell in their results reads “Hidden: fewer than 5 respondents” instead of a number. It can feel like an obstacle, especially when the group in question is exactly the one you were curious about. This piece explains why the rule exists, how it works, and how to plan a study so that it rarely gets in your way.</p>
<h2>Anonymous is not the same as unidentifiable</h2>
<p>We collect no names, email addresses or contact details from respondents. But anonymity at the point of collection does not guarantee anonymity in the results. Every filter you apply to a dataset narrows the group being described, and a small enough group can point to a real person.</p>
<h3>A worked example</h3>
<p>Imagine a survey commissioned by a youth organization in one region. Filter the results to 19-year-olds, then to respondents who describe their gender in their own words, then to those who answered a question about a specific program. The resulting group might be two people. If the organization knows who attended that program, a table showing how “both” respondents answered a question about their mental health is no longer anonymous in any meaningful sense.</p>
<p>This is not hypothetical. Reidentification from combinations of ordinary attributes, such as age, location and gender, is well documented in privacy research, and teens in small communities are especially exposed. The people most able to recognize a respondent, such as teachers, coaches and program staff, are often the same people reading the results.</p>
<h2>How the rule works</h2>
<p>The principle behind our approach is known as k-anonymity: every result shown must describe at least k people, so no one can be singled out. On TeenVoice, k is five.</p>
<ul>
<li><strong>Small counts are hidden.</strong> Any count between one and four is shown as hidden, with the reason, rather than as a number or percentage.</li>
<li><strong>Small filtered groups show no breakdown.</strong> If a filter narrows the results to fewer than five respondents, we show no breakdown for that group at all.</li>
<li><strong>Zero is shown.</strong> A count of zero reveals nothing about any individual, so it appears as normal.</li>
</ul>
<h3>Why five?</h3>
<p>There is no magic number. Thresholds between three and ten are common in statistical agencies and health research. Five balances protection against usefulness for the sample sizes our clients typically run. We apply it without exceptions, including for our own staff, because a rule with exceptions becomes a judgment call under deadline pressure.</p>
<h2>Privacy thresholds and reliability thresholds</h2>
<p>It is worth separating two ideas that are often confused. The five-respondent rule is about <em>privacy</em>. It says nothing about whether a result is <em>reliable</em>. A percentage based on 12 teens is safe to show, but it is far too noisy to support a conclusion.</p>
<h3>Our rule of thumb for reporting</h3>
<p>In our own published research, we do not report percentages for subgroups of fewer than 100 respondents, and we describe results for groups of 100 to 199 as indicative. When a group is too small, such as teens who describe their gender another way in a study of 1,800, we say so rather than omit them silently.</p>
<h2>Beyond the numbers</h2>
<h3>Open-ended answers</h3>
<p>A written answer can identify someone even inside a large group: “As the only girl on the varsity wrestling team at my school…” is unambiguous to anyone at that school. We remove identifying details from every quote we publish, and we ask clients to treat verbatim answers with the same care.</p>
<h3>Subtraction</h3>
<p>A hidden cell can sometimes be recovered by subtracting visible numbers from a total. When we prepare tables for publication, we check that hidden values cannot be worked out from the numbers around them.</p>
<h2>Designing around the rule</h2>
<ul>
<li>Decide which subgroups matter before fieldwork, and set quotas so each one is large enough to analyze.</li>
<li>Combine categories where the distinction is not essential, such as ages 13 to 14 and 15 to 16.</li>
<li>Run a separate, boosted study for a small group you need to understand in depth.</li>
<li>Treat a hidden result as information: it tells you the group is too small to say anything reliable about anyway.</li>
</ul>
`,
    tags: ['privacy', 'methodology', 'data protection'],
    theme: 'digital-life',
    author: authors.brooks,
    seoTitle: 'Why we never show groups under five respondents',
    seoDescription:
      'Why TeenVoice hides any result based on fewer than five teens, the difference between privacy and reliability thresholds, and how to plan around it.',
  }),
  article('2026-05-28T14:00:00.000Z', {
    title: 'Stress on school nights: what teens say actually helps',
    slug: 'stress-on-school-nights',
    summary:
      'Six in ten teens often feel stressed on school nights, mostly about schoolwork and the future. Our School Nights study of 1,806 teens asked what they do about it, and what actually works.',
    body: html`
<p>Teen stress is often discussed in broad terms. Our School Nights study took a narrower approach: we asked 1,806 US teens aged 13 to 19 about the hours between the end of school and sleep, when homework, activities, family life and screens compete for time. We asked what causes stress in those hours, what teens do about it, and, crucially, which of those things they feel actually help.</p>
<h2>How common is school-night stress?</h2>
<p>Overall, <strong>61%</strong> of teens say they felt stressed “often” or “almost always” on school nights in the past month. Girls were more likely to say so than boys (69% compared with 52%). The number of teens who describe their gender in another way was too small in this study for a reliable estimate, and we do not report it separately.</p>
<p>Stress rises through high school. Among 17- to 19-year-olds still in school, 66% report frequent stress on school nights, compared with 55% of 13- and 14-year-olds.</p>
<h2>What teens are stressed about</h2>
<p>Teens could choose all the sources of stress that applied to them. Schoolwork and grades dominate:</p>
<ul>
<li>schoolwork, tests and grades (74%);</li>
<li>college, jobs or plans after high school (48%, rising to 63% among 17- to 19-year-olds);</li>
<li>not getting enough sleep (39%);</li>
<li>friendships and relationships (31%);</li>
<li>how they look (27%);</li>
<li>money worries in their family (22%);</li>
<li>the news and world events (18%).</li>
</ul>
<h3>Workload stacks up</h3>
<p>Several teens described the same pattern in open-ended answers: separate teachers setting deadlines on the same day. “Every teacher thinks their homework is 30 minutes,” wrote one 15-year-old. “I have six teachers.”</p>
<h2>What teens do, and what helps</h2>
<p>We asked teens who felt stressed what they did about it in the past month, and then, for each thing they did, whether it helped. The difference between the two lists is the most useful finding in the study.</p>
<h3>The most common responses</h3>
<p>Listening to music was the most common response (58%), followed by talking with a friend (47%), exercise or time outside (41%), going to sleep early (37%), scrolling social media or videos (35%) and talking with a parent (29%).</p>
<h3>The most effective responses</h3>
<p>Among teens who used each approach, music was the most likely to be rated as helpful (81%), followed by exercise or time outside (77%), talking with a friend (74%) and talking with a parent (68%). Scrolling stands out for the opposite reason: it is one of the most common responses, but only <strong>38%</strong> of teens who used it said it helped.</p>
<blockquote><p>“Scrolling makes the time go but it doesn’t make the stress go. Then I’m stressed and it’s midnight.” — Boy, 16, Northeast</p></blockquote>
<h2>Who teens turn to</h2>
<p>Friends come first: 62% of teens say they would talk to a friend if they were feeling stressed, 44% to a parent and 21% to a sibling. School staff are much further down the list, with 12% naming a school counselor and 9% a teacher. Worryingly, <strong>14%</strong> say they would not talk to anyone.</p>
<h2>What teens want from schools and families</h2>
<h3>From schools</h3>
<p>Asked what would make school nights less stressful, 57% of teens chose better coordination of homework and test dates between teachers, 41% a later school start and 33% a quiet space at school to finish work before going home.</p>
<h3>From parents</h3>
<p>In open-ended answers, teens most often asked parents to listen before offering solutions, and to ask about their day in ways that do not start with grades.</p>
<h2>How we asked</h2>
<p>Questions about stress and wellbeing were optional and offered “Prefer not to say.” Every respondent was shown sources of support at the end of the survey, including the 988 Suicide and Crisis Lifeline, and open-ended answers were screened for signs of risk as described in our piece on consent and safeguarding. This study measures how teens describe their own stress; it is not a clinical assessment.</p>
<h2>About the study</h2>
<p>The TeenVoice School Nights study surveyed 1,806 US teens aged 13 to 19 online from March 2 to 16, 2026. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.6 percentage points at the 95% confidence level; it is larger for subgroups.</p>
`,
    tags: ['mental health', 'stress', 'school', 'sleep'],
    theme: 'health-and-wellbeing',
    author: authors.rahman,
    seoTitle: 'Teen stress on school nights: what actually helps',
    seoDescription:
      'Six in ten US teens often feel stressed on school nights. TeenVoice data on the causes, what teens do about it, and what actually helps.',
  }),
  article('2026-06-17T14:00:00.000Z', {
    title: 'Group chats, not feeds: where teens actually talk online',
    slug: 'group-chats-not-feeds',
    summary:
      'Most teen conversation online now happens in private group chats rather than public posts. Our Connected study of 2,203 teens maps those chats, and what they mean for brands and researchers.',
    body: html`
<p>Public feeds get most of the attention in debates about teens and social media, but they are no longer where most teens talk to each other. Our 2026 Connected study asked 2,203 US teens aged 13 to 19 where their online conversations happen, who is in them, and how those spaces feel. The short answer: in group chats, with people they already know.</p>
<h2>The conversation has moved indoors</h2>
<p><strong>89%</strong> of teens are in at least one active group chat, and the median teen is active in six. Asked where most of their online conversation with friends happens, 64% said private group chats, 22% one-to-one direct messages and only 14% public posts and comments.</p>
<h3>Fewer teens post publicly</h3>
<p>Public posting is declining. <strong>38%</strong> of teens say they post publicly on any platform at least once a week, down from 47% in our 2024 Connected study. Many still maintain public profiles, but describe them as something closer to a portfolio, updated occasionally and curated carefully, while day-to-day life is shared in chats.</p>
<blockquote><p>“My main account is for big stuff. The real stuff goes in the chat.” — Girl, 15, South</p></blockquote>
<h2>Who is in the chats</h2>
<p>Among teens in at least one group chat, the most common types are:</p>
<ul>
<li>school friends (81%);</li>
<li>family (66%);</li>
<li>a sports team, club or band (52%);</li>
<li>a class or course, often set up by students rather than teachers (37%);</li>
<li>friends they know mainly or only online (29%).</li>
</ul>
<p>Family chats are a notable finding. Two-thirds of teens are in one, and many describe them warmly, as the place for logistics, photos and shared jokes. They are also one of the few digital spaces where teens and adults regularly interact as equals.</p>
<h2>The downsides of private spaces</h2>
<p>Group chats are not free of the problems of public platforms; they change their shape.</p>
<h3>Exclusion</h3>
<p><strong>43%</strong> of teens have felt left out when they discovered a group chat had been created without them. Girls were more likely to report this than boys (50% compared with 36%). In open-ended answers, teens described “the chat without you” as a uniquely painful experience because it is invisible until someone mentions it.</p>
<h3>Overload</h3>
<p>31% of teens have muted a group chat because of the volume of messages, and muting is often done quietly to avoid the social cost of leaving.</p>
<h3>Screenshots</h3>
<p>18% say someone shared a screenshot of their messages outside the chat without permission. Private spaces feel safe, which makes a breach of that trust more damaging.</p>
<h2>What this means</h2>
<h3>For brands and media companies</h3>
<p>If teens discover and discuss things in private, the share is the new impression. Content designed to be forwarded into a chat, such as a short clip, a poll or a plan to do something together, travels further with teens than content designed to be commented on in public. Because this activity is invisible to social listening tools, a brand may be discussed widely among teens without any public trace.</p>
<h3>For researchers</h3>
<p>Social listening increasingly misses the conversations that matter most to teens. Surveys remain one of the few ethical ways to learn about private spaces, provided researchers ask about behaviors and feelings rather than the content of private conversations, and never ask teens to share screenshots or messages.</p>
<h3>For parents and educators</h3>
<p>Much of the social life that once happened in hallways now happens in chats. Asking a teen how their chats are going may open more doors than asking about “social media” in general.</p>
<h2>About the study</h2>
<p>The TeenVoice Connected study surveyed 2,203 US teens aged 13 to 19 online from April 6 to 20, 2026. The 2024 comparison comes from the previous wave of the same study, which used identical wording. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.3 percentage points at the 95% confidence level.</p>
`,
    tags: ['social media', 'messaging', 'friendship', 'gen z'],
    theme: 'digital-life',
    author: authors.ortega,
    seoTitle: 'Group chats, not feeds: where US teens talk online',
    seoDescription:
      'Most teen conversation online now happens in private group chats. TeenVoice data on who is in them, how they feel, and what it means.',
  }),
  article('2026-07-08T14:00:00.000Z', {
    title: 'Talking money with teens: how to ask about income they do not fully control',
    slug: 'asking-teens-about-money',
    summary:
      'Teen money is irregular, mixed with family money and often hard to put a number on. Practical guidance for asking teens about earnings, allowance and spending, with lessons from our First Paychecks study.',
    body: html`
<p>Money questions are some of the hardest to get right in teen research. Adults can usually tell you their income, even if they would rather not. Teens often cannot. Their money arrives irregularly, from several sources, and much of what is spent on them never passes through their hands. This piece collects what we learned designing our First Paychecks study, including the questions that failed in pretesting.</p>
<h2>Why money questions go wrong with teens</h2>
<h3>The money is mixed</h3>
<p>A 16-year-old might have wages from a weekend job, cash from babysitting, birthday money, a parent who tops up a debit card when asked and a phone plan paid by the family. Ask “How much money do you have to spend each month?” and each teen will count a different mix of those.</p>
<h3>“Allowance” means different things</h3>
<p>In First Paychecks, only 27% of teens said they receive a regular allowance, while 38% said their parents give them money “when I need it” and 22% said they receive neither. A question that assumes an allowance misdescribes the majority of teens, and the 13% who chose “something else” described arrangements that ranged from chores-for-pay to a shared family card.</p>
<h3>Teens may not know</h3>
<p>When we asked about household spending in pretesting, 46% of 13- to 15-year-olds chose “I don’t know” for their family’s monthly grocery spending. That is an honest answer, not a failure. Questions about household finances belong in surveys of parents, not teens.</p>
<h2>Principles that work</h2>
<h3>Separate the sources</h3>
<p>Ask about each source of money separately: earned from an employer, earned informally, given regularly, given when needed, and gifts. Then, if you need a total, let teens estimate it themselves or calculate it in analysis. Separating sources also reveals patterns a single total hides, such as the importance of informal work for younger teens.</p>
<h3>Use short, concrete recall periods</h3>
<p>Match the recall period to how often the money moves. For spending, “in the past 7 days” produces more accurate answers than “in a typical month.” For earnings, the past month works well. For whether a teen has had a job at all, the past 12 months captures summer work.</p>
<h3>Offer ranges, not blank boxes</h3>
<p>Open numeric questions invite typos and guesses. In our pretest, 11% of answers to an open question about weekly earnings were implausible, such as “5000,” and 18% of teens skipped it. Replacing it with ranges ($0, $1 to $25, $26 to $50 and so on, up to $300 or more) cut skipping to 6% and removed the implausible values entirely.</p>
<h3>Separate behavior from knowledge</h3>
<p>If you want to know whether teens understand a concept such as interest or payroll tax, ask it as a knowledge question and say so. Mixing a knowledge test into behavioral questions makes teens feel they are being graded, and they may answer what they think is “right” rather than what they do.</p>
<h2>Handling family finances with care</h2>
<p>Some teens work to help their families, and family money stress is a real part of teen life. It is also sensitive. We ask a single, carefully worded question, “How often does your family have trouble paying for things you need?”, with “Never, Rarely, Sometimes, Often” and “Prefer not to say.” We never ask teens for their parents’ income or occupation.</p>
<blockquote><p>Before: “What is your household’s annual income?”</p><p>After: “How often does your family have trouble paying for things you need?”</p></blockquote>
<p>The revised question is one teens can answer, it captures the experience that matters for their lives, and it avoids asking them to disclose information that belongs to their parents.</p>
<h2>Digital money needs its own questions</h2>
<p>Teens increasingly use payment apps and debit cards linked to a parent’s account. A question about “cash” misses much of how teens spend. Ask separately about cards, payment apps, cash and gift cards, and define terms briefly: “payment app (for example, an app you use to send money to friends).”</p>
<h2>A checklist</h2>
<ul>
<li>Does every money question name one source and one time period?</li>
<li>Are numeric answers offered as ranges suited to teen amounts?</li>
<li>Is there a “Don’t know” option where teens may genuinely not know?</li>
<li>Have you removed questions about household income?</li>
<li>Do sensitive questions offer “Prefer not to say”?</li>
<li>Have you pretested with both 13-year-olds and 18-year-olds? Their money lives are very different.</li>
</ul>
`,
    tags: ['methodology', 'personal finance', 'survey design'],
    theme: 'money-and-work',
    author: authors.brooks,
    seoTitle: 'How to ask teens about money in surveys',
    seoDescription:
      'How to ask teens about earnings, allowance and spending: separate sources, short recall periods, ranges and care with family finances.',
  }),
  article('2026-08-12T14:00:00.000Z', {
    title: 'Homework and AI: how teens are using chatbots for school',
    slug: 'teens-ai-chatbots-homework',
    summary:
      'Two-thirds of US teens used an AI chatbot for schoolwork this year, mostly to explain concepts and brainstorm. Most draw a clear line at handing in AI-written work, but school rules are patchy.',
    body: html`
<p>In just a few school years, AI chatbots have gone from novelty to a routine part of how many teens study. Our end-of-year learning study asked 1,950 US teens aged 13 to 19 how they use these tools, where they think the line between help and cheating falls, and what their schools have told them. Teens are using AI more than many adults realize, and thinking about it more carefully than they are often given credit for.</p>
<h2>How many teens use AI for school</h2>
<p><strong>67%</strong> of teens say they used an AI chatbot for schoolwork at least once during the 2025–26 school year, and <strong>38%</strong> use one at least weekly. Use rises with age: 52% of 13- and 14-year-olds, 69% of 15- and 16-year-olds and 76% of 17- to 19-year-olds have used one for school.</p>
<h2>What they use it for</h2>
<p>Among teens who have used a chatbot for school, the most common uses are learning tasks rather than shortcuts:</p>
<ul>
<li>explaining a concept they did not understand in class (61%);</li>
<li>brainstorming ideas for a project or essay (47%);</li>
<li>checking answers to homework they had already done (44%);</li>
<li>summarizing a reading (39%);</li>
<li>making practice questions or flashcards to study (33%);</li>
<li>writing part of an assignment they turned in (19%).</li>
</ul>
<h3>Tutor, not ghostwriter, for most</h3>
<p>The most common use, explaining a concept, is essentially tutoring. Teens described using chatbots “like asking a teacher who doesn’t get tired of the same question,” and several said they ask for an explanation “like I’m 12” when a textbook loses them.</p>
<h2>Where teens draw the line</h2>
<p>We described several uses and asked whether each counts as cheating. Teens’ answers were clear at the extremes and divided in the middle:</p>
<ul>
<li>Using AI to write an essay and turning it in as your own: 71% say cheating, 22% say it depends, 7% say not cheating.</li>
<li>Using AI to summarize a book instead of reading it: 48% say cheating.</li>
<li>Using AI to explain a math concept: 9% say cheating.</li>
</ul>
<blockquote><p>“If it does the thinking, it’s cheating. If it helps me think, it’s studying.” — Girl, 17, Northeast</p></blockquote>
<h2>Trust and accuracy</h2>
<p>Teens are not naive about the tools. <strong>48%</strong> of users say they have caught a chatbot giving a wrong answer, and of those, 64% say they now double-check what it tells them. Teens who had been taught about AI in class were more likely to say they verify answers (58% compared with 41% of those who had not).</p>
<h3>Worries</h3>
<p>45% of teens worry that relying on AI will make it harder for them to learn, and 36% worry about being wrongly accused of using AI on work they did themselves. That second concern was especially common among strong writers, several of whom said they now deliberately make their writing “less polished” to avoid suspicion.</p>
<h2>Schools are still catching up</h2>
<p>Only <strong>41%</strong> of teens say their school has clear rules about using AI for schoolwork. Another 33% say the rules vary from teacher to teacher, 18% say there are no rules that they know of and 8% are not sure. Where rules vary by class, teens described the same task being encouraged in one room and forbidden in the next.</p>
<h3>Access is uneven</h3>
<p>Most teens use free versions of chatbots on their phones. Teens whose family sometimes or often has trouble paying for things were less likely to have used AI on a computer at home (39% compared with 58%), which matters for tasks such as drafting and revising longer work.</p>
<h2>What this means for educators</h2>
<ul>
<li><strong>Set shared rules.</strong> A school-wide policy with clear examples of acceptable and unacceptable use reduces confusion more than individual classroom rules.</li>
<li><strong>Teach verification.</strong> Teens who learned to check AI output in class are more likely to do it.</li>
<li><strong>Design for the tutor use case.</strong> Assignments that ask students to explain their process, or build on in-class work, make AI a study aid rather than a substitute.</li>
</ul>
<h2>About the study</h2>
<p>The TeenVoice learning study surveyed 1,950 US teens aged 13 to 19 who were enrolled in school during the 2025–26 school year, online from May 11 to 27, 2026. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.4 percentage points at the 95% confidence level.</p>
`,
    tags: ['artificial intelligence', 'homework', 'education', 'school'],
    theme: 'learning',
    author: authors.whitfield,
    seoTitle: 'How US teens use AI chatbots for homework',
    seoDescription:
      'Two-thirds of US teens used an AI chatbot for schoolwork this year. TeenVoice data on how they use it, where they draw the line, and school rules.',
  }),
  article('2026-09-09T14:00:00.000Z', {
    title: 'How teens find new music, shows and games',
    slug: 'how-teens-discover-music-shows-games',
    summary:
      'Short video drives music discovery, streaming homepages and clips share the job for shows, and friends still decide which games teens play. Findings from our 2,118-teen discovery study.',
    body: html`
<p>Media companies spend heavily to get in front of teens, but the routes by which a song, show or game actually reaches a teenager differ sharply by format. Our summer discovery study asked 2,118 US teens aged 13 to 19 to think of the last new song, show and game they got into, and to tell us how they first came across it. Asking about a specific, recent example, rather than about discovery in general, gives a more accurate picture than asking teens where they usually find things.</p>
<h2>Music: short video leads</h2>
<p>For the last new song they got into, teens first heard it:</p>
<ul>
<li>on a short-video app (41%);</li>
<li>through a recommendation or playlist in a music streaming app (23%);</li>
<li>from a friend (18%);</li>
<li>in a game, film or show soundtrack (8%);</li>
<li>on the radio (4%);</li>
<li>somewhere else (6%).</li>
</ul>
<h3>The anonymous hit</h3>
<p>Short video is powerful for discovery but weak for attribution. <strong>57%</strong> of teens say they have liked a song from a video clip without knowing who made it, and 34% say they have searched for a song by typing in its lyrics because they did not know the title. For artists and labels, the challenge is not reach but turning a 15-second clip into a name a teen remembers.</p>
<h2>Shows: three routes of similar size</h2>
<p>Discovery of shows is more evenly spread. For the last new show they started watching, 31% of teens heard about it from a friend, 27% found it on a streaming service’s homepage or recommendations, 26% saw clips on short-video apps, 9% saw a trailer or ad and 7% found it another way.</p>
<h3>Clips as trailers</h3>
<p>Clips work differently from trailers. Teens described watching scenes shared by fans, often out of order, and starting a show to find out the context. “I’d seen half of season one in clips before I watched it,” one 16-year-old told us. For studios, fan-made clips are a discovery channel they do not control but benefit from.</p>
<h2>Games: friends decide</h2>
<p>For games, the social route dominates. For the last new game they started playing, 44% of teens heard about it from a friend, 29% from a creator or streamer, 15% from browsing an app or game store, 6% from an ad and 6% another way.</p>
<p>The pattern makes sense. Many games are played together, so the decision is social by nature: teens join the game their friends are already playing. A friend’s invitation carries information that an ad cannot, namely that someone you know will be there.</p>
<blockquote><p>“I don’t pick games. My friends pick games and then I have to get it.” — Boy, 14, West</p></blockquote>
<h2>What connects the three</h2>
<h3>The more social the activity, the more friends matter</h3>
<p>Friends account for 18% of music discovery, 31% of show discovery and 44% of game discovery. Music is mostly listened to alone, shows are often discussed together and games are played together. The more an experience is shared, the more the route to it runs through people rather than platforms.</p>
<h3>Shared accounts shape what teens see</h3>
<p><strong>73%</strong> of teens watch shows on a family or shared streaming account. Recommendations on those accounts reflect the whole household, and several teens described setting up their own profile mainly to “fix” what the homepage shows them.</p>
<h2>What this means for media companies</h2>
<ul>
<li><strong>Make names easy to find.</strong> Put the artist and title on screen in short clips, and make sure lyric searches lead to the track.</li>
<li><strong>Support fan clips.</strong> For shows, clips circulated by fans function as trailers; clear policies on sharing scenes can help rather than hurt.</li>
<li><strong>Design for invitations.</strong> For games, easy ways to invite friends are worth more than broad awareness campaigns.</li>
<li><strong>Ask about the last time, not the usual.</strong> If you research discovery yourself, ask about a specific recent example. General questions overstate the sources teens think they should be using.</li>
</ul>
<h2>About the study</h2>
<p>The TeenVoice discovery study surveyed 2,118 US teens aged 13 to 19 online from July 13 to 27, 2026. Questions about games were asked of the 1,724 teens who had started a new game in the past six months. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.3 percentage points at the 95% confidence level.</p>
`,
    tags: ['music', 'streaming', 'gaming', 'media'],
    theme: 'brands-and-media',
    author: authors.ortega,
    seoTitle: 'How US teens discover new music, shows and games',
    seoDescription:
      'Short video drives teen music discovery, and friends decide which games they play. TeenVoice data on how teens find new music, shows and games.',
  }),
  article('2026-10-07T14:00:00.000Z', {
    title: 'Turning 18 in an election year: how first-time voters plan to take part',
    slug: 'first-time-voters-2026-midterms',
    summary:
      'Most eligible 18- and 19-year-olds plan to register for the 2026 midterms, but many say they do not know enough about the candidates. Findings from our survey of 2,006 teens.',
    body: html`
<p>For many 18- and 19-year-olds, the 2026 midterm elections are the first in which they can vote. Midterms typically draw fewer young voters than presidential elections, and first-time voters face practical hurdles that experienced voters have long since cleared. To understand their plans and obstacles, we surveyed 2,006 US teens aged 13 to 19, including a boosted sample of 804 18- and 19-year-olds so we could look at eligible voters in detail. This piece does not report party preferences, which we did not ask about.</p>
<h2>Registration and intention</h2>
<p>Among 18- and 19-year-olds who said they are eligible to vote, <strong>71%</strong> say they are registered or plan to register before their state’s deadline. A smaller share, <strong>56%</strong>, say they will definitely or probably vote in November. Intentions usually run ahead of turnout, so these figures are best read as an upper bound.</p>
<h3>How they plan to vote</h3>
<p>Among those who intend to vote, 48% plan to vote in person on Election Day, 21% to vote early in person, 24% to vote by mail and 7% are not sure yet. Mail voting is much more common among those living away from home for college.</p>
<h2>What stands in the way</h2>
<p>We asked eligible 18- and 19-year-olds what, if anything, might stop them from voting. The most common answers were about information rather than apathy:</p>
<ul>
<li>not knowing enough about the candidates (44%);</li>
<li>not being sure how to register or where to vote (31%);</li>
<li>their work schedule (17%);</li>
<li>living away from home, for example at college (22% overall and 38% of those in college);</li>
<li>getting to a polling place (14%).</li>
</ul>
<blockquote><p>“I want to vote, but I don’t want to just guess. I don’t know who half these people are.” — Boy, 18, Midwest</p></blockquote>
<h3>The down-ballot problem</h3>
<p>Several first-time voters described feeling prepared for the top of the ballot but lost further down, where races for state legislature, judges and local measures get little coverage. Some said they planned to skip those races rather than guess, which suggests simple, nonpartisan guides to the full ballot would be welcome.</p>
<h2>Where they get information</h2>
<p>Family is the leading source of election information for eligible teens (52%), followed by short-form video (41%), friends (33%), news websites and apps (29%) and teachers (23%). Teens who named a teacher as a source were more likely to say they knew how to register (79% compared with 64%).</p>
<h2>The issues on their minds</h2>
<p>Asked to choose up to three issues that matter most to them, eligible teens most often chose the cost of living (47%), the cost of education (36%), gun violence (34%), climate change (31%), jobs (28%), mental health (26%), abortion (22%) and immigration (19%). Cost of living led among young people in every region.</p>
<h2>The voters still to come</h2>
<h3>Younger teens are paying attention</h3>
<p>Among 13- to 17-year-olds, 68% say they plan to vote when they are old enough, and 34% have talked about the election with a parent in the past month.</p>
<h3>Preregistration is little known</h3>
<p>Many states let 16- and 17-year-olds preregister so they are automatically added to the rolls when they turn 18, but only <strong>23%</strong> of 16- and 17-year-olds knew whether their own state allows it.</p>
<h2>What this means</h2>
<ul>
<li><strong>Schools</strong> can make a measurable difference: teens taught about registration in class were more confident about how to do it.</li>
<li><strong>Election offices and civic groups</strong> can reach first-time voters with practical, step-by-step information, especially for students voting away from home.</li>
<li><strong>Newsrooms</strong> have an audience for plain-language explainers on down-ballot races.</li>
</ul>
<h2>About the study</h2>
<p>The TeenVoice civic study surveyed 2,006 US teens aged 13 to 19 online from August 24 to September 14, 2026, including a boosted sample of 804 18- and 19-year-olds. Results for all teens are weighted by age, gender and region, with the boost weighted back to its share of the teen population. The margin of error is plus or minus 2.4 percentage points for all teens and plus or minus 3.8 points for 18- and 19-year-olds, at the 95% confidence level.</p>
`,
    tags: ['voting', 'elections', 'civic engagement', 'gen z'],
    theme: 'civic-life',
    author: authors.whitfield,
    seoTitle: 'First-time voters and the 2026 midterms',
    seoDescription:
      'Most eligible 18- and 19-year-olds plan to register for the 2026 midterms, but many feel underinformed. TeenVoice data on plans and barriers.',
  }),
  article('2026-11-04T15:00:00.000Z', {
    title: 'Beyond the ballot: how teens get involved in their communities',
    slug: 'teens-community-involvement',
    summary:
      'Nearly half of US teens volunteered in the past year, and most believe they can make a difference locally. Time, not interest, is the biggest barrier. Findings from 1,880 teens.',
    body: html`
<p>Voting is one way to take part in civic life, but most teens cannot vote yet, and civic life is much broader than elections. In our fall community study, we asked 1,880 US teens aged 13 to 19 how they get involved where they live: volunteering, speaking up on issues, and the small acts that add up to a community. The results show a generation that is more active locally than its reputation suggests, and more confident about local change than national change.</p>
<h2>Volunteering is common</h2>
<p><strong>46%</strong> of teens volunteered at least once in the past 12 months. The most common kinds of volunteering were:</p>
<ul>
<li>helping at a food bank or meal program (34% of volunteers);</li>
<li>helping at a school event (31%);</li>
<li>volunteering through a religious congregation (27%);</li>
<li>environmental work such as cleanups or planting (22%);</li>
<li>tutoring or mentoring younger students (18%);</li>
<li>helping at an animal shelter (14%).</li>
</ul>
<h3>Requirements get teens started</h3>
<p>38% of volunteers said they did at least some of their volunteering to meet a school, club or graduation requirement. That is sometimes treated as a lesser form of involvement, but the data suggest otherwise: among teens who first volunteered because of a requirement, 61% say they have since volunteered when it was not required.</p>
<h2>Beyond volunteering</h2>
<p>We also asked about other ways teens took part in civic life in the past year:</p>
<ul>
<li>posted or shared something about a social or political issue (28%);</li>
<li>signed a petition (24%);</li>
<li>stopped buying from a company for ethical reasons (19%);</li>
<li>attended a protest, march or rally (9%);</li>
<li>contacted an elected official (7%);</li>
<li>attended a local government or school board meeting (4%).</li>
</ul>
<p>The pattern is familiar from adult surveys: actions that take little time and can be done from a phone are far more common than those that require showing up in person.</p>
<h2>Local confidence, national doubt</h2>
<p>Teens draw a sharp line between what they can change near home and what they can change nationally. <strong>58%</strong> agree that people their age can make a difference in their community, but only <strong>29%</strong> agree that people their age can make a difference in the country as a whole.</p>
<blockquote><p>“I can’t fix climate change. I can get our school to stop using plastic trays, and we did.” — Girl, 16, West</p></blockquote>
<p>This local confidence is an asset. Teens who had volunteered were more likely to believe they could make a difference locally (71% compared with 47% of those who had not), although the direction of that relationship cannot be established from a single survey.</p>
<h2>What holds teens back</h2>
<h3>Time comes first</h3>
<p>Among teens who had not volunteered, or who wanted to do more, the most common barrier was lack of time (51%), followed by not knowing how to find opportunities (38%), transportation (26%) and not having anyone to go with (24%).</p>
<h3>What would help</h3>
<p>Asked what would make them more likely to get involved, teens chose school credit for volunteering (44%), opportunities they can do with friends (41%), one-time or flexible opportunities rather than regular commitments (39%) and a single place online to find local opportunities (33%).</p>
<h2>What this means for organizations</h2>
<ul>
<li><strong>Offer short, flexible roles.</strong> A two-hour Saturday shift is easier to fit around school, jobs and sports than a weekly commitment.</li>
<li><strong>Recruit groups, not individuals.</strong> Invite teens to bring friends; going together lowers the barrier for many.</li>
<li><strong>Make opportunities easy to find.</strong> Partner with schools and list roles where teens already look.</li>
<li><strong>Show local results.</strong> Teens believe in local change; showing what their work achieved reinforces it.</li>
</ul>
<h2>About the study</h2>
<p>The TeenVoice community study surveyed 1,880 US teens aged 13 to 19 online from September 21 to October 5, 2026. Results are weighted by age, gender and region. The margin of error for the full sample is plus or minus 2.5 percentage points at the 95% confidence level. Figures for types of volunteering are based on the 868 teens who volunteered in the past year.</p>
`,
    tags: ['volunteering', 'civic engagement', 'community'],
    theme: 'civic-life',
    author: authors.whitfield,
    seoTitle: 'How US teens get involved in their communities',
    seoDescription:
      'Nearly half of US teens volunteered in the past year. TeenVoice data on teen volunteering, civic action, local confidence and barriers.',
  }),
];
