import { serializerCompiler } from 'fastify-type-provider-zod';
import { ok } from './envelope';

/**
 * An answer a route keeps between requests (a cached menu tree, the dictionaries' items) is checked and
 * turned into JSON once. The route keeps a frozen envelope (`keptOk`); the serializer remembers the JSON of
 * a frozen answer for as long as the route keeps that object. Anything not frozen is serialized per request.
 */
export const keptOk = <Data>(data: Data) => Object.freeze(ok(data));

/** What a route keeps between requests: the frozen success envelope of `Data`. */
export type KeptOk<Data> = ReturnType<typeof keptOk<Data>>;

export const serializerKeepingAnswers: typeof serializerCompiler = (route) => {
  const serialize = serializerCompiler(route);
  const json = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) return serialize(data);
    let kept = json.get(data);
    if (kept === undefined) {
      kept = serialize(data);
      json.set(data, kept);
    }
    return kept;
  };
};
