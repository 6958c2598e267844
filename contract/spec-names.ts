/**
 * How queries and bodies read parameter names. The spec writes some parameters under another name
 * than the server's: the operation log's `eventId` and `groupType` (spec section 7), the character
 * flags `isManual` and `isDeform`, the messages' `msgType`, the application form's `realName` and
 * the applications table's `latestStatus` (section 3), and the search's `sortCond`. Each is
 * accepted beside the server's name and stated beside it in the OpenAPI document; a request giving
 * both with different values is refused (400). An admin list also refuses a parameter it does not
 * know (400 naming it) rather than ignoring it.
 */
import { z } from "zod";

/** The spec's name → the server's name of the same parameter. */
export type SpecNames<T extends z.ZodObject> = Readonly<Record<string, keyof T["shape"] & string>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Query values are texts or lists of texts, body values JSON: equal when they print the same. */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The server's field as its alias documents it: optional, its default left to the server's name. */
function aliasField(field: z.ZodType, name: string) {
  const bare = field instanceof z.ZodDefault ? field.unwrap() : field;
  return z.optional(bare).describe(`The spec's name for ${name}; give one of the two.`);
}

/** What the documented object read, typed as the server's object reads it: no alias is left in it. */
const asRead = <Output>() =>
  z.preprocess<unknown, z.ZodCustom<Output, Output>, Record<string, unknown>>(
    (value) => value,
    z.custom<Output>(),
  );

/** `object` reading `names`, typed as the object it extends (`Input` in, `Output` out). */
function renamed<Input, Output>(object: z.ZodObject, names: Readonly<Record<string, string>>) {
  const shape: Record<string, z.ZodType> = object.shape;
  const aliases: Record<string, z.ZodType> = {};
  for (const [alias, name] of Object.entries(names)) {
    const field = shape[name];
    if (!field) throw new Error(`${alias} names no field ${name}`);
    aliases[alias] = aliasField(field, name);
  }
  const documented = object.extend(aliases);
  return z
    .preprocess<unknown, typeof documented, Input>((input, ctx) => {
      if (!isRecord(input)) return input;
      const read: Record<string, unknown> = { ...input };
      for (const [alias, name] of Object.entries(names)) {
        if (!Object.hasOwn(read, alias)) continue;
        const value = read[alias];
        delete read[alias];
        if (Object.hasOwn(read, name) && !sameValue(read[name], value)) {
          ctx.issues.push({
            code: "custom",
            path: [alias],
            input: value,
            message: `${alias} and ${name} are one parameter, given two values: give one of them`,
          });
          continue;
        }
        read[name] = value;
      }
      return read;
    }, documented)
    .pipe(asRead<Output>());
}

/**
 * `object` accepting each of `names` for the field it maps to. The aliases are documented as
 * fields of their own and renamed before `object` reads the request, so defaults, coercions and
 * a strict object's refusal of unknown parameters apply to them as to the server's names; what
 * `object` reads has no alias left, hence its output type.
 */
export function withSpecNames<T extends z.ZodObject>(object: T, names: SpecNames<T>) {
  return renamed<z.input<T>, z.output<T>>(object, names);
}

/**
 * The spec's `authenticate` flag (section 7: most calls carry it, default true). Who asks is
 * decided by the Authorization header alone; the flag is accepted so that a strict query does not
 * refuse a client that sends it.
 */
const authenticateFlag = z
  .enum(["true", "false"])
  .optional()
  .describe("The spec's authenticate flag; the Authorization header decides who asks.");

/** An admin list's query: strict, with the spec's names of its parameters (see above). */
export function adminListQuery<T extends z.ZodObject>(object: T, names: SpecNames<T> = {}) {
  const strict = object.extend({ authenticate: authenticateFlag }).strict();
  return renamed<z.input<T>, z.output<T>>(strict, names);
}
