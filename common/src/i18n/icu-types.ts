/**
 * The placeholders of an ICU MessageFormat text, read by the type checker from the text itself: a call
 * with a missing, misspelt or wrongly typed placeholder fails `npm run typecheck`.
 *
 * Every `{name}` or `{name, kind, ...}` counts, nested ones (inside a plural's branches) included; a
 * brace whose content is not a bare name (`{# days}`, a plural's branch) is skipped.
 */

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;
type BeforeBrace<S extends string> = S extends `${infer A}}${string}` ? A : S;
type BeforeComma<S extends string> = S extends `${infer A},${string}` ? A : S;
type IsName<S extends string> = S extends '' ? false : S extends `${string}${' ' | '#' | "'" | '{' | '\n'}${string}` ? false : true;

/** The value a placeholder of this kind takes. */
type ValueOf<Kind extends string> = Kind extends 'plural' | 'selectordinal' | 'number'
  ? number
  : Kind extends 'date' | 'time'
    ? Date | number
    : Kind extends 'select'
      ? string
      : string | number;

/** The argument that starts right after one `{`, as `{ name: value }`, or `{}` for a brace that is not one. */
type ArgAt<Rest extends string> =
  BeforeComma<BeforeBrace<Rest>> extends infer Head extends string
    ? IsName<Trim<Head>> extends true
      ? Head extends BeforeBrace<Rest>
        ? { [N in Trim<Head>]: ValueOf<''> }
        : Rest extends `${string},${infer After}`
          ? { [N in Trim<Head>]: ValueOf<Trim<BeforeComma<BeforeBrace<After>>>> }
          : None
      : None
    : None;

/** No placeholders. */
type None = Record<never, never>;

type Merge<T> = { [K in keyof T]: T[K] };

/** The closing braces of a text, one tuple element each. */
type Closes<S extends string, Acc extends 0[] = []> = S extends `${string}}${infer R}` ? Closes<R, [...Acc, 0]> : Acc;
type Minus<D extends 0[], C extends 0[]> = C extends [0, ...infer CR extends 0[]]
  ? D extends [0, ...infer DR extends 0[]]
    ? Minus<DR, CR>
    : []
  : D;
type Even<D extends 0[]> = D extends [] ? true : D extends [0, 0, ...infer R extends 0[]] ? Even<R> : false;

/**
 * The placeholders of an ICU text with their value types: `IcuArgs<'Hi {name}'>` is `{ name: string | number }`.
 * `Depth` counts the open braces: a brace opened at an even depth is an argument, at an odd depth (inside
 * a plural's or select's options) a branch, whose own text may hold arguments again.
 */
export type IcuArgs<S extends string, Depth extends 0[] = []> = Merge<
  S extends `${infer Pre}{${infer Rest}`
    ? Minus<Depth, Closes<Pre>> extends infer D extends 0[]
      ? (Even<D> extends true ? ArgAt<Rest> : None) & IcuArgs<Rest, [...D, 0]>
      : None
    : None
>;

/** The values argument of a text: none for a text without placeholders, else exactly its placeholders. */
export type ValuesOf<S extends string> = keyof IcuArgs<S> extends never ? [] : [values: IcuArgs<S>];

/** Whether two texts have the same placeholder names (a translation against its English text). */
export type SamePlaceholders<A extends string, B extends string> = [keyof IcuArgs<A>] extends [keyof IcuArgs<B>]
  ? [keyof IcuArgs<B>] extends [keyof IcuArgs<A>]
    ? true
    : false
  : false;
