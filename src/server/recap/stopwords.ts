/**
 * Words too common to say what a conversation was about, by primary language. A language not
 * listed gets none: its keywords are then only ranked by how specific they are.
 */
const EN = `a about above after again against all also am an and any are aren't as at be because been before
being below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't
down during each few for from further get got had hadn't has hasn't have haven't having he he'd he'll
he's her here here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it
it's its itself just let's like me more most mustn't my myself no nor not now of off on once only or
other ought our ours ourselves out over own really right said same say says shan't she she'd she'll she's
should shouldn't so some such than that that's the their theirs them themselves then there there's these
they they'd they'll they're they've this those through thou thee thy to too um uh under until up upon
us very was wasn't we we'd we'll we're we've well were weren't what what's when when's where where's
which while who who's whom why why's will with won't would wouldn't yeah yes yet you you'd you'll you're
you've your yours yourself yourselves one two go going know think want okay oh hath unto shall may might
must much many thing things even still`;

const FR = `a au aux avec ce ces c'est cette dans de des du elle elles en est et eux il ils je j'ai la le les
leur lui ma mais me même mes moi mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sur
ta te tes toi ton tu un une vos votre vous y été être avoir fait faire comme plus très bien oui non alors
donc aussi tout tous`;

const ES = `a al algo como con de del el ella ellas ellos en era es esta este esto hay la las le les lo los me
mi muy más no nos o para pero por que qué se si sin su sus también te tu un una uno y ya yo está son ser`;

const LISTS: Record<string, ReadonlySet<string>> = {
  en: new Set(EN.split(/\s+/)),
  fr: new Set(FR.split(/\s+/)),
  es: new Set(ES.split(/\s+/)),
};

const NONE: ReadonlySet<string> = new Set();

export function stopwordsFor(lang: string): ReadonlySet<string> {
  return LISTS[lang.toLowerCase().split('-')[0] ?? ''] ?? NONE;
}
