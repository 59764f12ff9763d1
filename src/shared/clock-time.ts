/**
 * One way of writing a clock time in the interface (issue 30): a transcript line's time and the
 * times of a gap beside it read alike ("1:12:25 PM" in English, "13:12:25" in French), never
 * "01:12:25 PM" next to "1:12:25 PM".
 */
export function clockTimeFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
}
