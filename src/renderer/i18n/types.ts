import type en from './en';

/** The shape of a translation: the same keys as English, any words. */
export type Messages<T = typeof en> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]>;
};

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/** Every key path of a translation tree whose value is a string ("audio.start", ...). */
export type KeyPaths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Join<P, K> : KeyPaths<T[K], Join<P, K>>;
}[keyof T & string];

export type TranslationKey = KeyPaths<typeof en>;
