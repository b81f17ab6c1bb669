/**
 * Where the marketing-automation script (public/forms/marketing-form.js) renders its newsletter
 * sign-up ("Get new research in your inbox"). The script fills it only when its flag is on and the
 * visitor allows analytics; until then the slot is an empty element that takes no space.
 */
export function MarketingFormSlot({ source }: { source: string }) {
  // React leaves the inside of an element with inner HTML alone, on hydration too, so a form the script
  // drew on a lite page (decision 018) survives the app starting.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string; the content is the script's.
  return <div data-tv-marketing-form="" data-source={source} dangerouslySetInnerHTML={{ __html: '' }} />;
}
