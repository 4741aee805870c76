/**
 * What a published review shows of its author (issue 17): the first name and the initial of the
 * rest, "Lucas Martin" -> "Lucas M.", "Jean-Pierre De Smet" -> "Jean-Pierre D."; a single word
 * stays as it is. Never the full name, the e-mail or the company.
 */
export function publicNameOf(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const initial = rest.join(' ').charAt(0).toLocaleUpperCase('fr');
  return initial ? `${first} ${initial}.` : first;
}
