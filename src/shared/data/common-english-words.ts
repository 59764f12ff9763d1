/**
 * About 1,900 common English words (everyday speech: function words, common verbs, nouns and
 * adjectives, numbers, days and months), lowercase, as a word not on it is "rare" for keyword
 * emphasis (shared/keyword-emphasis.ts). Written for Hearken from general knowledge of English
 * word frequency; inflections (-s, -ed, -ing, -ly...) are matched by the rules, not listed.
 */
export const COMMON_ENGLISH_WORDS: ReadonlySet<string> = new Set(
  (
  'a able about above absolutely accept accepted accident account across act action active activity ' +
  'actor actual actually add added addition address admit adult advice affect afraid after ' +
  'afternoon again against age agency agent ago agree agreed agreement ahead aim air alive all ' +
  'allow allowed almost alone along already alright also although always am amazing among amount an ' +
  'analysis ancient and angry animal announce annual another answer anxious any anybody anymore ' +
  'anyone anything anyway anywhere apart apartment apparently appeal appear appearance application ' +
  'apply appointment appreciate approach april area argue argument arm army around arrange ' +
  'arrangement arrive art article artist as ask asked asking asleep aspect assume at attack attempt ' +
  'attend attention attitude audience august aunt author authority autumn available average avoid ' +
  'award aware away awesome awful baby back background bad bag balance ball band bank bar base ' +
  'basic basically basis bathroom battle be beach bear beat beautiful beauty became because become ' +
  'bed bedroom been beer before began begin behavior behaviour behind being believe belong below ' +
  'benefit beside best better between big bike bill bird birthday bit black blame blind block blood ' +
  'blow blue board boat body bomb bone bonus book border boring born boss both bother bottle bottom ' +
  'bought box boy brain brand bread break breakfast bridge brief bright brilliant bring broke ' +
  'broken brother brought brown budget build building built burn burst bus business busy but button ' +
  'buy by cake call called calling calm came camera campaign can cancel cancer candidate cannot ' +
  'capacity capital car card cards care career careful carry case cash cat catch category caught ' +
  'cause cell center central certain certainly chair challenge champion chance change changed ' +
  'chapter character charge charity chart cheap check chicken chief child children chocolate choice ' +
  'choose christmas church cinema circle citizen city claim class classic clean clear clearly ' +
  'client climate clock close closed clothes cloud club coach coast coat code coffee cold collect ' +
  'collection college color combine come comes coming comment commercial commission committee ' +
  'common community company compare competition complain complete completely computer concern ' +
  'condition conference confidence confirm connect connection consequence consider contact contain ' +
  'content context continue contract contribute control conversation cook cookie cool cope copy ' +
  'corner corporate correct cost couch cough could council count country county couple course court ' +
  'cousin cover cow crazy cream create creative credit crime crisis critical crop cross crowd cry ' +
  'culture cup current customer cut cute cycle dad daily damage damn dance dangerous dark data date ' +
  'daughter day days dead deal dear death debate debt decade december decide decided decision ' +
  'decline deep definitely degree deliver demand department depend deposit depth describe design ' +
  'desire desk despite destroy detail development device did die died diet difference different ' +
  'difficult difficulty dinner direction directly dirty discover discuss discussion disease dish ' +
  'display distance district division do doctor document does dog doing dollar dollars domestic ' +
  'done door double doubt down dozen draft drama draw drawing dream dress drink drive driving drop ' +
  'drove drug dry during duty each ear earlier early earth easily east easter easy eat eaten ' +
  'economic economy edge edition editor education effect effective efficient effort egg eggs eight ' +
  'eighteen eighty either election element eleven else email emergency employ employee empty ' +
  'encourage end enemy energy engine engineer enjoy enormous enough ensure enter entire entry ' +
  'environment episode equal equipment error especially essay essential establish estate estimate ' +
  'even evening event ever every everybody everyone everything everywhere evidence exact exactly ' +
  'exam examine example excellent except exchange excited exciting excuse executive exercise exist ' +
  'existing expansion expect expensive experience expert explain expression extend extent extra ' +
  'extreme eye eyes face facility fact factor factory fail failure fair faith fall false family ' +
  'famous fan far farm fast fat father fault favorite fear feature february fee feed feel feeling ' +
  'feet fell felt female fever few field fifteen fifth fifty fight figure file fill film final ' +
  'finally finance financial find fine finger finish finished fire firm first fish fit five fix ' +
  'flat flight floor flower fly focus foggy folk follow food foot football for force foreign forest ' +
  'forever forget forgot fork form formal former forth fortune forty forward found foundation four ' +
  'fourteen fourth frame free freedom frequent fresh friday fridge friend friends from front fruit ' +
  'fuel full fully fun function fund funding funny future game gap garden gas gather gave general ' +
  'generate generation gentle get gets getting giant gift girl give given glad glass global go goal ' +
  'god goes going gold golf gone good got government grade grand grant grass gray great green grey ' +
  'ground group grow growth guarantee guard guess guest guide guitar guy guys gym had hair half ' +
  'hall hand handle hands hang happen happened happy hard hardly has hat hate have having he head ' +
  'headache heal health healthy hear heard heart heat heavy held hell hello help helpful her here ' +
  'hero herself hey hi hide high highway hill him himself hire his history hit hobby hold hole ' +
  'holiday home honest honor honour hope horrible horse hospital host hot hotel hour hours house ' +
  'household housing how however huge human hundred hungry hurry hurt husband i ice idea identify ' +
  'identity if ignore ill illness image imagine impact important improve in inch include including ' +
  'income increase indeed independent index indicate individual industry influence inform ' +
  'information initial injury input inquiry inside insist install instance instead institution ' +
  'insurance intend intention interest interested interesting internal international internet ' +
  'interview into introduce invest investment invite involve is island issue it item its itself ' +
  'jacket january jeans job join joke journey joy judge juice july jump june just justice keep kept ' +
  'key kick kid kids kill kilometer kilometre kind kinda king kiss kitchen knee knew knife know ' +
  'knowledge known label labor labour lack lady lake lamp land language laptop large last late ' +
  'later latest laugh launch law lawyer layer lazy lead leader leadership leaf league learn learned ' +
  'least leave leaving lecture left leg legal lemon length less lesson let letter level liberal ' +
  'library licence license lie life lift light like likely limit line link lion lip list listen ' +
  'little live lives living loan local location lock long look looked looking looks lord lose loss ' +
  'lost lot lots loud love loved lovely low lower luck lucky lunch machine mad made mail main major ' +
  'make makes making male man manage manager manner many map march mark market marriage married ' +
  'mass master match material matter maximum may maybe me meal mean meaning means meant measure ' +
  'meat media medical medicine medium meet meeting member memory men mental mention menu message ' +
  'met method middle might mile milk million mind mine minister minor minute minutes mirror miss ' +
  'mission mistake mix mobile model modern mom moment monday money monkey month months moon moral ' +
  'more morning most mostly mother motion motor mountain mouse mouth move moved movement movie much ' +
  'mug multiple mum museum music must my myself nail name national native natural nature near ' +
  'nearby nearly necessary neck need needed needs negative neighbor neighbour nephew nervous ' +
  'network never new news next nice niece night nine nineteen ninety no nobody noise none noon nor ' +
  'normal normally north nose not note nothing notice novel november now nuclear number numbers ' +
  'nurse obvious obviously occasion occur ocean october of off offer office official often oh ok ' +
  'okay old on once one ones online only open operate operation opinion opportunity option or ' +
  'orange order ordinary organisation organization origin original other others otherwise our ours ' +
  'ourselves out outcome output outside oven over overall own owner pack package page paid pain ' +
  'paint pair panel pants paper parent parents park part partner party pass passenger passport past ' +
  'pasta patient pattern pay peace pen pencil people pepper per percent perfect performance perhaps ' +
  'period permanent permit person personal pet phase phone photo photos physical piano pick picture ' +
  'pie piece pig pilot pink pitch pizza place plan plane plant plastic plate platform play player ' +
  'please pleasure plenty plus pocket poem poet point police policy political politics pollution ' +
  'pool poor popular population position positive possible post pot potato potential pound power ' +
  'practice practise prefer pregnant prepare presence present president press pressure pretty ' +
  'prevent previous price primary prime prince principle print prior priority prison private prize ' +
  'probably problem problems procedure process produce product production professional profit ' +
  'program progress project promise promote proof proper property proposal propose protect ' +
  'protection prove provide province pub public pull purchase purpose push put quality quarter ' +
  'queen question questions quick quickly quiet quite quiz rabbit race radio rain rainy raise ran ' +
  'range rapid rare rate rather reach reaction read ready real reality really reason receive recent ' +
  'recently recognise recognize recommend record red reduce reference reflect reform region regular ' +
  'relationship release relief religion religious rely remain remember remove rent repair repeat ' +
  'replace reply report represent request require research resource respect respond response ' +
  'responsible rest restaurant result return revenue review revolution reward rice rich ride right ' +
  'ring rise risk rival river road rock role roof room rose round route routine royal rule run ' +
  'running rural sad safe said salad salary sale salt same sample sand sandwich saturday sauce save ' +
  'saw say saying says scale scared scarf scene schedule scheme school science scientist score ' +
  'screen sea search season seat second seconds secret secretary section sector secure security see ' +
  'seem seems seen select self sell send senior sense sent sequence series serious seriously ' +
  'service session set settle seven seventeen seventy several severe sex shall shape share she ' +
  'sheep shift shirt shock shoe shoes shoot shop short shot should shoulder show shower sick side ' +
  'sign signal significant silence silver similar simple simply since sing single sink sir sister ' +
  'sit site situation six sixteen sixty size skill skin sky sleep slow slowly small smart smell ' +
  'smile smoke snow so soap social sock sofa software soldier solid solution solve some somebody ' +
  'someone something sometimes somewhere son song soon sorry sort sound soup source south space ' +
  'speak speaker special species speech speed spend spent spirit sponsor spoon sport spot spring ' +
  'square staff stage stairs stand standard star start started state statement station status stay ' +
  'steak steal step still stock stomach stone stop store storm story straight strange strategy ' +
  'street stress strong structure student study stuff stupid style subject succeed success ' +
  'successful such sudden suddenly suffer sugar suggest suit suitable sum summer sun sunday sunny ' +
  'supper supply support suppose supposed sure surface surprise survey survive suspect sweet swim ' +
  'symbol system table take taken takes talk talked talking tall taste tax taxi tea teach teacher ' +
  'team technique technology teeth tell temperature ten tend tennis term terrible test text than ' +
  'thank thanks that the theater theatre their them theme themselves then theory there these they ' +
  'thick thin thing things think thinking third thirteen thirty this those though thought thousand ' +
  'threat three throat through throw thursday ticket tidy tie tiger till time times tiny tired ' +
  'title to today together toilet told tomato tomorrow tone tonight too took tooth top topic total ' +
  'totally touch tour tourist towel town toy track trade tradition traffic train transfer transport ' +
  'travel treat treatment tree trend trial trip trouble trousers truck true trust truth try trying ' +
  'tuesday turn tv twelve twenty twice two type typical uh uhm um umbrella uncle under understand ' +
  'unique unit university unless until up upon upper urban us use used useful user usual usually ' +
  'valley value variety various vast vegetable version very victim video view village violence ' +
  'vision visit voice volume vote wage wait walk wall wallet want wanted wants war warm was wash ' +
  'watch water way ways we wealth weapon wear weather wednesday week weekday weekend weeks weight ' +
  'weird welcome well went were west wet what whatever wheel when where whether which while white ' +
  'who whole whom whose why widely wife wild will win wind window windy wine winner winter wise ' +
  'wish with within without witness woman women won wonder wonderful wood wool word words work ' +
  'worked worker working world worry worse worst worth would write writing wrong yard yeah year ' +
  'years yellow yes yesterday yet yield you young your yours yourself youth zero '
  )
    .split(' ')
    .filter((w) => w !== ''),
);
