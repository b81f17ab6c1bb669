import type { ReportAttributes } from '@tv/contract';

export interface ReportSeed {
  /** ISO date-time of publication, after the fieldwork closed. */
  publishedAt: string;
  /** How many preview pages to draw (2–4). */
  previewPages: number;
  attributes: Omit<ReportAttributes, 'cover' | 'previewPages'>;
}

const REGIONS = 'All 50 states and DC, weighted to Census regions';

/** How every study below was run; only the sample, dates and ages change. */
const method = (sampleSize: number, marginOfError: string) =>
  `Online survey of the TeenVoice panel, taken on phones, tablets and computers. Respondents under 18 took part with a parent's or guardian's consent and gave their own assent. Quotas on age, gender and region; results weighted to Census Bureau estimates of age, gender, race and ethnicity, and region. With ${sampleSize.toLocaleString('en-US')} respondents the margin of error is ±${marginOfError} percentage points at the 95% confidence level.`;

/** Joins an HTML template written over several lines into one string. */
const html = (strings: TemplateStringsArray): string =>
  strings
    .join('')
    .replace(/>\s*\n\s*</g, '><')
    .trim();

export const demoReports: ReportSeed[] = [
  {
    publishedAt: '2026-02-24T14:00:00.000Z',
    previewPages: 3,
    attributes: {
      title: 'Always On: Teens, Phones and Sleep 2026',
      slug: 'always-on-teens-phones-and-sleep-2026',
      summary:
        'How late-night phone use shapes the sleep, mood and school mornings of 13–19 year-olds, and which household rules teens say actually work.',
      description: html`
<p>Most teenagers now sleep with their phone within reach. This report measures what happens after lights out: how long teens stay online, what keeps them there, and how it shows up the next morning in class and at practice.</p>
<h2>What the report covers</h2>
<ul>
<li>Screen time after 10 p.m. on school nights and weekends, by age and gender</li>
<li>The apps and activities that keep teens awake, in their own words</li>
<li>Self-reported sleep, tiredness at school and mood</li>
<li>Household rules, from phones charging outside the bedroom to app timers, and which ones teens keep</li>
</ul>
<h2>Who it is for</h2>
<p>Health and education teams planning sleep campaigns, product teams designing wind-down features, and anyone who needs a national baseline to track change against.</p>`,
      keyFindings: [
        '71% of teens keep their phone within reach of their bed overnight; 38% say they check it after waking in the night.',
        'On school nights, teens spend a median of 52 minutes on their phone after 10 p.m., rising to 78 minutes among 17–19 year-olds.',
        'Teens who use their phone for more than an hour after 10 p.m. are twice as likely to say they felt too tired to concentrate at school at least three days last week (46% vs. 23%).',
        'Messaging friends, not video, is the top reason for staying up: 44% name group chats, 31% short-form video and 12% gaming.',
        'Only 29% of households with a phone rule keep it every night, but where phones charge outside the bedroom, 64% of teens say they get to sleep more easily.',
      ],
      methodology: {
        sampleSize: 2400,
        fieldworkStart: '2026-01-12',
        fieldworkEnd: '2026-01-30',
        ages: '13–19',
        regions: REGIONS,
        method: method(2400, '2.0'),
      },
      tags: ['sleep', 'screen time', 'smartphones', 'parents'],
      theme: 'digital-life',
      sku: 'TV-RPT-2026-DIGITAL-01',
      pageCount: 8,
      format: 'PDF',
      listPrice: 895,
      seoTitle: 'Teens, Phones and Sleep 2026 | TeenVoice report',
      seoDescription:
        'National survey of 2,400 US teens on late-night phone use, sleep and school mornings, with the household rules teens say actually work.',
    },
  },
  {
    publishedAt: '2026-07-28T14:00:00.000Z',
    previewPages: 2,
    attributes: {
      title: 'The Group Chat Generation: How Teens Talk Online',
      slug: 'group-chat-generation-how-teens-talk-online',
      summary:
        'Where 13–17 year-olds really talk to each other online, who is in their chats, and how they handle conflict, rumors and strangers in private spaces.',
      description: html`
<p>Public feeds get the headlines, but most teen conversation happens in small private groups. This report maps those spaces: how many chats teens belong to, who runs them, and what the unwritten rules are.</p>
<h2>What the report covers</h2>
<ul>
<li>Number and size of group chats, and the platforms they live on</li>
<li>What teens share in chats compared with public posts</li>
<li>Conflict, exclusion and screenshots: what goes wrong and how teens respond</li>
<li>Contact from strangers and the safety tools teens know about and use</li>
</ul>
<h2>Who it is for</h2>
<p>Online safety teams, platform trust and safety staff, schools writing digital citizenship lessons, and youth organizations that run their own communities.</p>`,
      keyFindings: [
        'The average teen belongs to 7 active group chats; 1 in 5 belongs to more than 12.',
        '83% say they share more in private chats than on any public profile, and 61% say they rarely post publicly at all.',
        '42% have been removed from or left a group chat after a falling-out in the past year; 27% say a private message of theirs was screenshotted and shared.',
        '1 in 3 teens received a message from someone they did not know in the past month, yet only 35% could name how to report it in the app they use most.',
      ],
      methodology: {
        sampleSize: 1800,
        fieldworkStart: '2026-06-01',
        fieldworkEnd: '2026-06-19',
        ages: '13–17',
        regions: REGIONS,
        method: method(1800, '2.3'),
      },
      tags: ['messaging', 'online safety', 'friendship', 'social media'],
      theme: 'digital-life',
      sku: 'TV-RPT-2026-DIGITAL-02',
      pageCount: 8,
      format: 'PDF',
      listPrice: 0,
      seoTitle: 'The Group Chat Generation | TeenVoice report',
      seoDescription:
        'Survey of 1,800 US teens aged 13–17 on private group chats: who is in them, what gets shared, conflict, strangers and safety tools.',
    },
  },
  {
    publishedAt: '2026-04-14T14:00:00.000Z',
    previewPages: 4,
    attributes: {
      title: 'Under Pressure: Teen Mental Health and Help-Seeking',
      slug: 'under-pressure-teen-mental-health-and-help-seeking',
      summary:
        'What worries US teenagers most, how often they feel overwhelmed, and who they turn to when they need help, from friends and family to counselors and apps.',
      description: html`
<p>This is our largest study of the year. It asks teens how they have been feeling over the last two weeks, what pressures they carry, and, crucially, what stops them from asking for help. Every sensitive question was reviewed by our safeguarding lead and shown with support resources.</p>
<h2>What the report covers</h2>
<ul>
<li>Wellbeing over the last two weeks, using a validated short scale</li>
<li>The main sources of pressure: school, money at home, appearance, friendships and news</li>
<li>Who teens talk to first, and what makes them hold back</li>
<li>Awareness and use of school counselors, crisis lines and mental health apps</li>
</ul>
<h2>Who it is for</h2>
<p>Public health teams, school districts, youth charities and digital health products that need to understand help-seeking, not just symptoms.</p>`,
      keyFindings: [
        '58% of teens say they felt overwhelmed at least once a week in the past two weeks; among girls aged 16–19 the figure is 69%.',
        'School workload is the most common source of pressure (64%), followed by the future and college (51%) and money worries at home (33%).',
        'Friends are the first people teens talk to (47%), ahead of a parent (34%); 19% say they would not talk to anyone.',
        'Fear of being a burden is the top reason for holding back (41%), ahead of not knowing who to ask (28%).',
        'Only 36% know their school counselor by name, but 72% of those who have seen one say it helped.',
        '3 in 10 teens have tried a mental health or meditation app; 11% still use one each week.',
      ],
      methodology: {
        sampleSize: 3200,
        fieldworkStart: '2026-02-09',
        fieldworkEnd: '2026-03-06',
        ages: '13–19',
        regions: REGIONS,
        method: method(3200, '1.7'),
      },
      tags: ['mental health', 'wellbeing', 'help-seeking', 'schools'],
      theme: 'health-and-wellbeing',
      sku: 'TV-RPT-2026-HEALTH-01',
      pageCount: 9,
      format: 'PDF',
      listPrice: 1450,
      seoTitle: 'Under Pressure: Teen Mental Health | TeenVoice report',
      seoDescription:
        'Survey of 3,200 US teens on feeling overwhelmed, the pressures they carry and who they turn to for help, from friends to school counselors.',
    },
  },
  {
    publishedAt: '2026-10-06T14:00:00.000Z',
    previewPages: 3,
    attributes: {
      title: 'Move, Eat, Sleep: Everyday Health Habits of US Teens',
      slug: 'move-eat-sleep-everyday-health-habits',
      summary:
        'A national picture of how teenagers exercise, eat and rest on an ordinary week, and the habits they would like to change if it were easier.',
      description: html`
<p>Guidelines tell teens to move for an hour a day, eat five portions of fruit and vegetables and sleep eight to ten hours. This report asks how close they get, what gets in the way, and which changes they feel ready to make.</p>
<h2>What the report covers</h2>
<ul>
<li>Physical activity, school sports and how both drop off with age</li>
<li>Breakfast, school lunch, snacks and energy drinks</li>
<li>Sleep on school nights and weekends</li>
<li>The habits teens most want to change, and what would help</li>
</ul>
<h2>Who it is for</h2>
<p>Sports bodies, food and beverage brands with youth commitments, school nutrition teams and public health campaigns.</p>`,
      keyFindings: [
        'Only 24% of teens say they were active for at least an hour on five or more days last week; among 18–19 year-olds it is 15%.',
        '39% skip breakfast on most school days, and 1 in 4 drinks an energy drink at least weekly.',
        'Teens sleep a median of 7 hours 5 minutes on school nights, almost an hour short of the minimum recommended.',
        'Cost is the biggest barrier to sport outside school (37%), ahead of time (31%) and not feeling good enough (22%).',
        'Asked what they would most like to change, 46% choose sleep, 28% fitness and 17% what they eat.',
      ],
      methodology: {
        sampleSize: 2000,
        fieldworkStart: '2026-08-03',
        fieldworkEnd: '2026-08-21',
        ages: '13–19',
        regions: REGIONS,
        method: method(2000, '2.2'),
      },
      tags: ['physical activity', 'nutrition', 'sleep', 'sport'],
      theme: 'health-and-wellbeing',
      sku: 'TV-RPT-2026-HEALTH-02',
      pageCount: 8,
      format: 'PDF',
      listPrice: 795,
      seoTitle: 'Move, Eat, Sleep: Teen Health Habits | TeenVoice',
      seoDescription:
        'How 2,000 US teens exercise, eat and sleep in an ordinary week, what gets in the way, and the habits they most want to change.',
    },
  },
  {
    publishedAt: '2026-05-19T14:00:00.000Z',
    previewPages: 3,
    attributes: {
      title: 'Earning, Saving, Spending: Teens and Money 2026',
      slug: 'earning-saving-spending-teens-and-money-2026',
      summary:
        'How 15–19 year-olds earn their money, what they spend it on, how they save and pay, and how confident they feel about money and their first jobs.',
      description: html`
<p>Teens are earning earlier and paying with their phones. This report follows the money: from allowances, part-time jobs and gig apps to savings accounts, buy-now-pay-later and the first paycheck.</p>
<h2>What the report covers</h2>
<ul>
<li>Sources of income, hours worked and typical pay</li>
<li>Monthly spending by category, and who pays for what at home</li>
<li>Bank accounts, debit cards, payment apps and buy-now-pay-later</li>
<li>Financial confidence and where teens learn about money</li>
</ul>
<h2>Who it is for</h2>
<p>Banks and fintechs with teen products, employers who hire under-20s, and financial education programs.</p>`,
      keyFindings: [
        '54% of 15–19 year-olds earned money in the past three months; 31% have a regular part-time job, working a median of 12 hours a week.',
        'Teens with a job earn a median of $640 a month and save 22% of it on average.',
        '68% have their own bank account, but only 41% of 15–16 year-olds do.',
        '1 in 6 has used buy-now-pay-later, most often for clothes and shoes; 28% of those missed a payment.',
        'Only 35% feel confident about budgeting, and 57% say they learned most of what they know about money from their parents.',
      ],
      methodology: {
        sampleSize: 2500,
        fieldworkStart: '2026-03-16',
        fieldworkEnd: '2026-04-03',
        ages: '15–19',
        regions: REGIONS,
        method: method(2500, '2.0'),
      },
      tags: ['money', 'jobs', 'banking', 'financial literacy'],
      theme: 'money-and-work',
      sku: 'TV-RPT-2026-MONEY-01',
      pageCount: 9,
      format: 'PDF',
      listPrice: 1250,
      seoTitle: 'Earning, Saving, Spending: Teens and Money 2026',
      seoDescription:
        'Survey of 2,500 US teens aged 15–19 on jobs, pay, saving, bank accounts, payment apps and confidence with money.',
    },
  },
  {
    publishedAt: '2026-06-16T14:00:00.000Z',
    previewPages: 3,
    attributes: {
      title: 'Learning After the Bell: Homework, Tutoring and AI',
      slug: 'learning-after-the-bell-homework-tutoring-ai',
      summary:
        'How much time teens spend on schoolwork at home, who helps them, and how AI chatbots have changed homework in a single school year.',
      description: html`
<p>Homework used to mean a textbook and a kitchen table. This report measures the new mix: video lessons, paid tutors, study groups on chat apps and AI assistants, and what teens and their teachers think is fair use.</p>
<h2>What the report covers</h2>
<ul>
<li>Hours of homework by grade, and how it is split across subjects</li>
<li>Tutoring, paid and free, and who can afford it</li>
<li>Use of AI chatbots for homework: what for, how often, and whether teachers allow it</li>
<li>How prepared teens feel for tests, college and work</li>
</ul>
<h2>Who it is for</h2>
<p>Education publishers, edtech teams, school leaders and policy makers who need evidence beyond the classroom.</p>`,
      keyFindings: [
        'Teens spend a median of 6.5 hours a week on homework; high school seniors in college-track classes spend 11.',
        '63% have used an AI chatbot for schoolwork this school year, up from 37% when we asked in spring 2025.',
        'Explaining a topic is the most common AI use (48%), ahead of checking answers (35%) and writing drafts (26%).',
        '44% are unsure whether their teachers allow AI for homework, and 18% say different teachers have different rules.',
        'Paid tutoring is used by 21% of teens in households earning over $100,000 and 8% in households earning under $50,000.',
      ],
      methodology: {
        sampleSize: 3000,
        fieldworkStart: '2026-04-13',
        fieldworkEnd: '2026-05-01',
        ages: '13–18',
        regions: REGIONS,
        method: method(3000, '1.8'),
      },
      tags: ['homework', 'AI', 'tutoring', 'schools'],
      theme: 'learning',
      sku: 'TV-RPT-2026-LEARN-01',
      pageCount: 9,
      format: 'PDF',
      listPrice: 1150,
      seoTitle: 'Learning After the Bell: Homework and AI | TeenVoice',
      seoDescription:
        'Survey of 3,000 US teens on homework time, tutoring, and how AI chatbots changed schoolwork in one school year.',
    },
  },
  {
    publishedAt: '2026-09-08T14:00:00.000Z',
    previewPages: 4,
    attributes: {
      title: 'Brand Loyalty at 16: What Teens Buy and Why',
      slug: 'brand-loyalty-at-16-what-teens-buy-and-why',
      summary:
        'The brands US teens love, ignore and drop, how they discover new products, and what earns, and loses, their trust.',
      description: html`
<p>Our largest consumer study: 4,000 teens rate more than 120 brands across fashion, beauty, food, gaming, tech and entertainment, and tell us in their own words what makes a brand feel like it is for them.</p>
<h2>What the report covers</h2>
<ul>
<li>Brand awareness, consideration and love across six categories</li>
<li>Where teens discover products: friends, creators, stores, search and ads</li>
<li>Price, values and authenticity: what drives a first purchase and what drives loyalty</li>
<li>Why teens drop brands, and how fast</li>
</ul>
<h2>Who it is for</h2>
<p>Brand, insight and media teams selling to teens and to the parents who still pay for much of what they buy.</p>`,
      keyFindings: [
        '62% of teens discovered a product they bought in the past month through a friend, ahead of creators (47%) and in-store displays (29%).',
        '7 in 10 say they would stop buying a brand that copied a creator or artist without credit.',
        'Price matters most for a first purchase (58%), but quality is the top reason for buying again (52%).',
        'Teens have dropped an average of 3 brands in the past year; "it got boring" is the top reason (34%), ahead of price rises (27%).',
        'Parents still pay for most clothing bought by 13–15 year-olds (74%), but only 38% of clothing bought by 18–19 year-olds.',
      ],
      methodology: {
        sampleSize: 4000,
        fieldworkStart: '2026-07-06',
        fieldworkEnd: '2026-07-24',
        ages: '13–19',
        regions: REGIONS,
        method: method(4000, '1.5'),
      },
      tags: ['brands', 'shopping', 'creators', 'advertising'],
      theme: 'brands-and-media',
      sku: 'TV-RPT-2026-BRANDS-01',
      pageCount: 9,
      format: 'PDF',
      listPrice: 1950,
      seoTitle: 'Brand Loyalty at 16: What Teens Buy and Why',
      seoDescription:
        'Survey of 4,000 US teens on the brands they love and drop, how they discover products, and what earns their trust.',
    },
  },
  {
    publishedAt: '2026-10-20T14:00:00.000Z',
    previewPages: 2,
    attributes: {
      title: 'Ready to Vote? Teens and Civic Life Before the Midterms',
      slug: 'ready-to-vote-teens-and-civic-life-2026',
      summary:
        'How 16–19 year-olds follow the news, which issues move them, and whether first-time voters plan to take part in the 2026 midterm elections.',
      description: html`
<p>Millions of young Americans are eligible to vote for the first time this November. This report asks them, and the 16 and 17 year-olds who will vote next, how they follow politics, what they care about and what would make them more likely to take part.</p>
<h2>What the report covers</h2>
<ul>
<li>News sources and trust in them</li>
<li>The issues teens rank as most important</li>
<li>Registration, voting intention and the barriers first-time voters face</li>
<li>Volunteering, protest and other ways teens get involved locally</li>
</ul>
<h2>Who it is for</h2>
<p>Civic organizations, newsrooms, election officials and educators working on civic participation.</p>`,
      keyFindings: [
        '64% of eligible 18–19 year-olds say they are certain or likely to vote in the 2026 midterms, but only 45% are sure they are registered.',
        'Not knowing how or where to register is the top barrier (39%), ahead of not knowing enough about the candidates (33%).',
        'Cost of living (48%), school safety (37%) and climate change (31%) are the issues teens rank most important.',
        'Teens get most of their news from short-form video (52%), yet trust it least: only 18% trust it a great deal or a fair amount.',
        '34% volunteered in their community in the past year, most often through school or a faith group.',
      ],
      methodology: {
        sampleSize: 2200,
        fieldworkStart: '2026-08-24',
        fieldworkEnd: '2026-09-11',
        ages: '16–19',
        regions: REGIONS,
        method: method(2200, '2.1'),
      },
      tags: ['voting', 'news', 'elections', 'volunteering'],
      theme: 'civic-life',
      sku: 'TV-RPT-2026-CIVIC-01',
      pageCount: 9,
      format: 'PDF',
      listPrice: 995,
      seoTitle: 'Ready to Vote? Teens and Civic Life 2026 | TeenVoice',
      seoDescription:
        'Survey of 2,200 US teens aged 16–19 on news, the issues that move them, and whether first-time voters plan to vote in the 2026 midterms.',
    },
  },
];
