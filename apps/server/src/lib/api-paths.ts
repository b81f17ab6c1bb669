/** Paths answered by the APIs; everything else that is a GET for a page is the web app's. */
const apiPath =
  /^\/(v2|api|cms|commerce-content|ecommerce|password|organizations?|logout|refresh-access-token|healthz|readyz)(\/|$|\?)/;

export const isApiPath = (url: string) => apiPath.test(url);
