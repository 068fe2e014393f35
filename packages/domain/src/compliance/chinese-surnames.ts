/**
 * Chinese surnames as Malaysians and Singaporeans write them. Registration officers spelled a
 * surname as the family's dialect said it (Hokkien, Cantonese, Hakka, Teochew, Hainanese), so one
 * character has several Latin forms and a list built from pinyin misses them all. Data, not rules:
 * a row per character, keyed by its Simplified form (what name-normalise folds to).
 */
export interface ChineseSurname {
  /** Traditional form, as written in Malaysia and Hong Kong. */
  hant: string;
  /** Simplified form, the key. */
  hans: string;
  /** Hanyu pinyin without tones. */
  pinyin: string;
  /** Dialect spellings seen on identity cards and passports. */
  variants: readonly string[];
}

export const CHINESE_SURNAMES: readonly ChineseSurname[] = [
  { hant: '陳', hans: '陈', pinyin: 'chen', variants: ['chan', 'tan', 'chin', 'chen', 'ting'] },
  { hant: '林', hans: '林', pinyin: 'lin', variants: ['lim', 'lam', 'lum', 'ling'] },
  { hant: '黃', hans: '黄', pinyin: 'huang', variants: ['wong', 'ng', 'ooi', 'wee', 'oei', 'bong', 'hwang'] },
  { hant: '李', hans: '李', pinyin: 'li', variants: ['lee', 'lei', 'lie'] },
  { hant: '張', hans: '张', pinyin: 'zhang', variants: ['chang', 'cheung', 'teo', 'chong', 'teoh', 'tiong', 'chiong'] },
  { hant: '王', hans: '王', pinyin: 'wang', variants: ['wong', 'ong', 'heng', 'bong'] },
  { hant: '吳', hans: '吴', pinyin: 'wu', variants: ['ng', 'goh', 'gouw', 'woo', 'ngo'] },
  { hant: '劉', hans: '刘', pinyin: 'liu', variants: ['lau', 'low', 'loh', 'lew', 'liew'] },
  { hant: '蔡', hans: '蔡', pinyin: 'cai', variants: ['choi', 'chua', 'tsai', 'choy', 'chai', 'tsoi'] },
  { hant: '楊', hans: '杨', pinyin: 'yang', variants: ['yeung', 'yeo', 'yong', 'yeoh', 'yew', 'young'] },
  { hant: '鄭', hans: '郑', pinyin: 'zheng', variants: ['cheng', 'cheang', 'tay', 'teh', 'chang'] },
  { hant: '謝', hans: '谢', pinyin: 'xie', variants: ['tse', 'chia', 'cheah', 'seah', 'sia', 'chay'] },
  { hant: '郭', hans: '郭', pinyin: 'guo', variants: ['kwok', 'kok', 'quek', 'kuek', 'koay'] },
  { hant: '何', hans: '何', pinyin: 'he', variants: ['ho', 'hoh', 'ho'] },
  { hant: '羅', hans: '罗', pinyin: 'luo', variants: ['law', 'loh', 'lo', 'loo', 'lor'] },
  { hant: '梁', hans: '梁', pinyin: 'liang', variants: ['leung', 'neo', 'nio', 'leong', 'liong'] },
  { hant: '周', hans: '周', pinyin: 'zhou', variants: ['chow', 'chew', 'chiu', 'choo', 'chau'] },
  { hant: '徐', hans: '徐', pinyin: 'xu', variants: ['tsui', 'chee', 'chi', 'swee', 'tsi'] },
  { hant: '許', hans: '许', pinyin: 'xu', variants: ['hui', 'koh', 'khoo', 'hsu', 'hee', 'kho'] },
  { hant: '孫', hans: '孙', pinyin: 'sun', variants: ['suen', 'soon', 'sng', 'soong'] },
  { hant: '朱', hans: '朱', pinyin: 'zhu', variants: ['chu', 'choo', 'chue', 'gee', 'chee'] },
  { hant: '馬', hans: '马', pinyin: 'ma', variants: ['mah', 'mar', 'beh', 'mak'] },
  { hant: '胡', hans: '胡', pinyin: 'hu', variants: ['woo', 'wu', 'foo', 'oh', 'hoo', 'ou'] },
  { hant: '高', hans: '高', pinyin: 'gao', variants: ['ko', 'koh', 'kou', 'kow', 'kao'] },
  { hant: '葉', hans: '叶', pinyin: 'ye', variants: ['yip', 'yap', 'yeap', 'yeh', 'iap'] },
  { hant: '曾', hans: '曾', pinyin: 'zeng', variants: ['tsang', 'chan', 'chang', 'tseng', 'chen'] },
  { hant: '蕭', hans: '萧', pinyin: 'xiao', variants: ['siew', 'siu', 'seow', 'shiu', 'seou'] },
  { hant: '廖', hans: '廖', pinyin: 'liao', variants: ['liu', 'liew', 'leow', 'lew', 'liau'] },
  { hant: '鍾', hans: '钟', pinyin: 'zhong', variants: ['chung', 'chong', 'cheng', 'tsong'] },
  { hant: '莊', hans: '庄', pinyin: 'zhuang', variants: ['chong', 'chng', 'cheng', 'chuang'] },
  { hant: '邱', hans: '邱', pinyin: 'qiu', variants: ['khoo', 'yau', 'hew', 'kiu', 'khaw', 'chiu'] },
  { hant: '丘', hans: '丘', pinyin: 'qiu', variants: ['khoo', 'yau', 'hew', 'kiu'] },
  { hant: '蘇', hans: '苏', pinyin: 'su', variants: ['so', 'soh', 'saw', 'soo'] },
  { hant: '潘', hans: '潘', pinyin: 'pan', variants: ['poon', 'phua', 'pung', 'phan'] },
  { hant: '杜', hans: '杜', pinyin: 'du', variants: ['tou', 'toh', 'too', 'doo'] },
  { hant: '戴', hans: '戴', pinyin: 'dai', variants: ['tai', 'tay', 'tye', 'thai'] },
  { hant: '姚', hans: '姚', pinyin: 'yao', variants: ['yiu', 'yeo', 'yew', 'iau'] },
  { hant: '方', hans: '方', pinyin: 'fang', variants: ['fong', 'png', 'hong', 'foong'] },
  { hant: '余', hans: '余', pinyin: 'yu', variants: ['yee', 'yue', 'ee', 'ye', 'u'] },
  { hant: '唐', hans: '唐', pinyin: 'tang', variants: ['tong', 'tng', 'toong'] },
  { hant: '鄧', hans: '邓', pinyin: 'deng', variants: ['tang', 'teng', 'tan', 'thean'] },
  { hant: '傅', hans: '傅', pinyin: 'fu', variants: ['foo', 'poh', 'foh'] },
  { hant: '沈', hans: '沈', pinyin: 'shen', variants: ['sim', 'shum', 'sam', 'shim'] },
  { hant: '曹', hans: '曹', pinyin: 'cao', variants: ['tsao', 'chow', 'cho', 'chou', 'tso'] },
  { hant: '袁', hans: '袁', pinyin: 'yuan', variants: ['yuen', 'woon', 'oan', 'yen'] },
  { hant: '彭', hans: '彭', pinyin: 'peng', variants: ['pang', 'phang', 'phee', 'pen'] },
  { hant: '魏', hans: '魏', pinyin: 'wei', variants: ['ngai', 'gwee', 'gui', 'wai'] },
  { hant: '蔣', hans: '蒋', pinyin: 'jiang', variants: ['cheung', 'chiang', 'cheong', 'chiu'] },
  { hant: '田', hans: '田', pinyin: 'tian', variants: ['tin', 'tian', 'chan', 'thien'] },
  { hant: '韓', hans: '韩', pinyin: 'han', variants: ['hon', 'hang', 'hon'] },
  { hant: '洪', hans: '洪', pinyin: 'hong', variants: ['hung', 'ang', 'hoong', 'fung'] },
  { hant: '馮', hans: '冯', pinyin: 'feng', variants: ['fung', 'foong', 'pang', 'hong'] },
  { hant: '盧', hans: '卢', pinyin: 'lu', variants: ['lo', 'loo', 'lou', 'low'] },
  { hant: '賴', hans: '赖', pinyin: 'lai', variants: ['lai', 'loi', 'nai', 'lay'] },
  { hant: '翁', hans: '翁', pinyin: 'weng', variants: ['yung', 'ang', 'ong', 'woong'] },
  { hant: '石', hans: '石', pinyin: 'shi', variants: ['shek', 'chio', 'sek', 'seck'] },
  { hant: '江', hans: '江', pinyin: 'jiang', variants: ['kong', 'kang', 'kaing'] },
  { hant: '溫', hans: '温', pinyin: 'wen', variants: ['wan', 'woon', 'boon', 'oon'] },
  { hant: '趙', hans: '赵', pinyin: 'zhao', variants: ['chiu', 'chew', 'teoh', 'chao'] },
  { hant: '孔', hans: '孔', pinyin: 'kong', variants: ['hung', 'khong', 'koong'] },
  { hant: '程', hans: '程', pinyin: 'cheng', variants: ['ching', 'thia', 'theng'] },
  { hant: '范', hans: '范', pinyin: 'fan', variants: ['faan', 'huan', 'hwan'] },
  { hant: '雷', hans: '雷', pinyin: 'lei', variants: ['lui', 'looi', 'loy'] },
  { hant: '姜', hans: '姜', pinyin: 'jiang', variants: ['keung', 'kiang', 'khiang'] },
  { hant: '柯', hans: '柯', pinyin: 'ke', variants: ['or', 'kua', 'koa', 'ko'] },
  { hant: '辜', hans: '辜', pinyin: 'gu', variants: ['koo', 'kou', 'khoo'] },
  { hant: '古', hans: '古', pinyin: 'gu', variants: ['koo', 'ku', 'goo'] },
  { hant: '甘', hans: '甘', pinyin: 'gan', variants: ['kam', 'kum', 'kan'] },
  { hant: '利', hans: '利', pinyin: 'li', variants: ['lee', 'lai', 'ley'] },
  { hant: '伍', hans: '伍', pinyin: 'wu', variants: ['ng', 'goh', 'woo'] },
  { hant: '歐陽', hans: '欧阳', pinyin: 'ouyang', variants: ['auyong', 'auyeung', 'owyang', 'ouyong'] },
  { hant: '司徒', hans: '司徒', pinyin: 'situ', variants: ['seetoh', 'szeto', 'seeto', 'situ'] },
];

const BY_HANS = new Map<string, ChineseSurname>(CHINESE_SURNAMES.map((s) => [s.hans, s]));

/** The surname row of a Simplified character (or two-character compound), if the table knows it. */
export function chineseSurname(hans: string): ChineseSurname | undefined {
  return BY_HANS.get(hans);
}

/** Every Latin spelling of a surname: pinyin first, then the dialect forms, without repeats. */
export function surnameSpellings(row: ChineseSurname): string[] {
  return [...new Set([row.pinyin, ...row.variants])];
}
