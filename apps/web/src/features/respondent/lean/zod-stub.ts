/**
 * zod's place in the lean respondent build (decision 019). The contract modules the page uses
 * (surveys, responses, results) build their schemas when they load; the page never parses with them
 * (it checks the API's answers by hand, components/respondent/api/parse.ts), so here every schema is
 * this stand-in: any property or call gives the stand-in again. Parsing with it throws, so a schema
 * that starts to be used on the page fails loudly instead of passing anything through.
 */
const unusable = () => {
  throw new Error('zod is not part of the respondent page; check the value by hand (api/parse.ts).');
};
const parsers = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'decode', 'encode']);
// biome-ignore lint/suspicious/noExplicitAny: it stands in for every zod type the contract names.
export const z: any = new Proxy(function stub() {}, {
  get: (_target, property) => (typeof property === 'string' && parsers.has(property) ? unusable : z),
  apply: () => z,
});
export default z;
