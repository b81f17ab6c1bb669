/**
 * Where the marketing-automation script (public/forms/marketing-form.js) renders its newsletter
 * sign-up ("Get new research in your inbox"). The script fills it only when its flag is on and the
 * visitor allows analytics; until then the slot is an empty element that takes no space.
 */
export function MarketingFormSlot({ source }: { source: string }) {
  return <div data-tv-marketing-form="" data-source={source} />;
}
