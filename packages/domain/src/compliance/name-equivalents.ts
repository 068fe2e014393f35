/**
 * Spellings of one name that Malaysian registrations treat as the same name, as data: a token
 * maps to its class's first member. "Mohd", "Muhd" and "Md" are abbreviations, the rest are
 * transliterations of one Arabic name; a list that writes "Mohammed" means the customer's "Muhammad".
 */
const CLASSES: readonly (readonly string[])[] = [
  ['muhammad', 'mohd', 'mohamad', 'mohammad', 'mohammed', 'mohamed', 'muhamad', 'muhammed', 'muhd', 'md', 'mhd', 'mohamud', 'mahomed', 'mohammod'],
  ['abdul', 'abd', 'abdel', 'abdol'],
  ['nur', 'noor', 'nor', 'nuur'],
  ['ahmad', 'ahmed', 'ahmet', 'achmad', 'ahmat'],
  ['abdullah', 'abdulla', 'abdallah', 'abdalla'],
  ['hussein', 'hussain', 'husain', 'husin', 'hossein', 'hussin', 'husein', 'hosein'],
  ['hassan', 'hasan', 'hasaan'],
  ['yusuf', 'yusof', 'yusoff', 'yousef', 'yousuf', 'yousif', 'yussof'],
  ['ismail', 'ismael', 'esmail'],
  ['ibrahim', 'ebrahim', 'ibraheem'],
  ['othman', 'osman', 'uthman', 'usman', 'utsman'],
  ['omar', 'umar', 'omer'],
  ['aziz', 'azeez', 'abdulaziz'],
  ['aishah', 'aisyah', 'aisha', 'aishah', 'ayesha', 'aysha'],
  ['fatimah', 'fatima', 'fatemah'],
  ['razak', 'razaq', 'rezak'],
  ['rashid', 'rasheed', 'rasyid', 'rashed'],
  ['khalid', 'khaled', 'kalid'],
  ['mustafa', 'mustapha', 'mostafa', 'mustaffa'],
  ['mahmud', 'mahmood', 'mahmoud'],
  ['salleh', 'saleh', 'salih'],
  ['zainal', 'zainul', 'zainol'],
  ['syed', 'sayed', 'sayyid'],
  ['jamal', 'gamal', 'djamal'],
  ['said', 'saeed', 'saaid'],
  ['sharifah', 'syarifah', 'sharifa'],
  ['haji', 'hj', 'hajji', 'alhaj'],
  ['hajjah', 'hjh', 'hajah'],
  ['datuk', 'dato', 'datok', 'dato'],
  ['seri', 'sri'],
  ['tengku', 'tunku', 'teuku', 'tuanku'],
  ['abu', 'abou'],
  ['yahya', 'yahaya', 'yehia'],
  ['zakaria', 'zakariya', 'zakariah', 'zachariah'],
  ['sulaiman', 'sulaeman', 'suleiman', 'sulayman', 'soleiman'],
  ['jaafar', 'jafar', 'jaffar', 'ja afar'],
  ['iskandar', 'iskander', 'sikandar', 'alexander'],
  ['ramasamy', 'ramasami', 'ramaswamy'],
  ['krishnan', 'krisnan', 'kirshnan'],
  ['subramaniam', 'subramanian', 'subramaniyam', 'subramanium'],
];

const CANONICAL = new Map<string, string>();
for (const members of CLASSES) for (const m of members) if (!CANONICAL.has(m)) CANONICAL.set(m, members[0]!);

/** The class's first member for a folded token, or the token itself. */
export function canonicalToken(token: string): string {
  return CANONICAL.get(token) ?? token;
}

/**
 * Tokens so common in Malaysia that sharing them says little: "Muhammad", "Siti", "Nur", "Lee".
 * The scorer weighs them lower, so that two people sharing only one of them stay apart.
 */
export const COMMON_TOKENS: ReadonlySet<string> = new Set([
  'muhammad', 'siti', 'nur', 'abdul', 'ahmad', 'mohd', 'binti', 'bin', 'kumar', 'lee', 'tan', 'lim', 'wong',
  'ng', 'nurul', 'muhamad', 'ali', 'abu', 'raja', 'wan', 'nik', 'chen', 'li', 'wang', 'zhang', 'ong', 'teo', 'goh',
]);
