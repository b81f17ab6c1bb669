const crawlerPattern =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|linkedinbot|twitterbot|applebot|yandex|baiduspider|duckduckbot|semrush|ahrefs|mj12bot|petalbot|headlesschrome|lighthouse|google-inspectiontool|gtmetrix|pingdom|uptimerobot|archive\.org_bot|ia_archiver|python-requests|curl\/|wget\//i;

export function isCrawler(userAgent: string): boolean {
  return crawlerPattern.test(userAgent);
}
