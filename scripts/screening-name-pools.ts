/**
 * Name pools for the screening generators (scripts/generate-screening-pairs.ts and
 * bench/name-screening.ts): names as they occur in Malaysia, and Cyrillic and Arabic names with
 * the Latin spellings lists use for them. A seeded random source keeps every output reproducible.
 */
export const MALAY_MALE = [
  'Ahmad', 'Ali', 'Hafiz', 'Faiz', 'Amirul', 'Azman', 'Rizal', 'Firdaus', 'Syafiq', 'Hakim', 'Irfan', 'Khairul',
  'Zulkifli', 'Rosli', 'Azhar', 'Shahrul', 'Fadzil', 'Kamarul', 'Nizam', 'Razali', 'Hisham', 'Iskandar', 'Jamal',
  'Zaki', 'Rahim', 'Hamzah', 'Idris', 'Yazid', 'Anuar', 'Badrul', 'Fauzi', 'Johari', 'Ridzuan', 'Saiful', 'Taufik',
  'Danial', 'Luqman', 'Haziq', 'Aiman', 'Izzat', 'Nazri', 'Shukri', 'Zainudin', 'Azlan', 'Hazwan', 'Norazam',
  'Syukri', 'Faris', 'Adib', 'Ikhwan', 'Asyraf', 'Naim', 'Rafiq', 'Zikri', 'Amin', 'Fikri', 'Akmal', 'Hanif',
];
export const MALAY_FEMALE = [
  'Aminah', 'Fatimah', 'Aisyah', 'Zarina', 'Rohani', 'Salmah', 'Norhayati', 'Farah', 'Nabila', 'Syazwani',
  'Liyana', 'Hidayah', 'Zulaikha', 'Rosnah', 'Maznah', 'Azlina', 'Suraya', 'Hasnah', 'Marina', 'Khadijah',
  'Aqilah', 'Amira', 'Balqis', 'Izzati', 'Hanis', 'Sakinah', 'Wahida', 'Atikah', 'Najwa', 'Safiya', 'Ruqayyah',
  'Zahirah', 'Munirah', 'Hafizah', 'Syahirah', 'Nadia', 'Raihana', 'Husna', 'Athirah', 'Adibah',
];
export const MALAY_FATHER = [
  'Abdul Rahman', 'Abdul Razak', 'Abdul Aziz', 'Abdul Hamid', 'Abdul Latif', 'Abdul Karim', 'Abdul Majid',
  'Ismail', 'Yusof', 'Hassan', 'Osman', 'Ibrahim', 'Omar', 'Salleh', 'Mahmud', 'Sulaiman', 'Jaafar', 'Zakaria',
  'Yahya', 'Hussein', 'Mustafa', 'Rashid', 'Khalid', 'Harun', 'Daud', 'Musa', 'Idris', 'Ramli', 'Hashim',
  'Mansor', 'Kassim', 'Nordin', 'Jusoh', 'Awang', 'Mat Isa', 'Ghazali', 'Bakar', 'Sidek', 'Latiff', 'Zainal',
  'Talib', 'Yaacob', 'Halim', 'Rahmat', 'Saad', 'Arshad', 'Puteh', 'Embong', 'Samad', 'Wahab',
];
export const MUHAMMAD_SPELLINGS = ['Muhammad', 'Mohd', 'Mohamad', 'Mohammed', 'Mohamed', 'Muhd', 'Md', 'Mohammad'];
export const INDIAN_MALE = [
  'Kumar', 'Rajesh', 'Suresh', 'Ganesh', 'Muthu', 'Ravi', 'Selvam', 'Arun', 'Vijay', 'Prakash', 'Karthik', 'Siva',
  'Mani', 'Ramesh', 'Saravanan', 'Thinesh', 'Kannan', 'Gopal', 'Balan', 'Murugan', 'Vinod', 'Dinesh', 'Naveen',
  'Pravin', 'Logan', 'Yogeswaran', 'Tharmalingam', 'Jeyakumar', 'Rajendran', 'Anand',
];
export const INDIAN_FEMALE = [
  'Devi', 'Priya', 'Lakshmi', 'Kavitha', 'Saraswathy', 'Malar', 'Shanti', 'Vani', 'Revathi', 'Anitha', 'Meena',
  'Sumathi', 'Thilaga', 'Jeyanthi', 'Kalaivani', 'Vasanthi', 'Pushpa', 'Letchumi', 'Indra', 'Geetha',
];
export const INDIAN_FATHER = [
  'Ramasamy', 'Krishnan', 'Subramaniam', 'Muniandy', 'Perumal', 'Arumugam', 'Govindasamy', 'Kandasamy', 'Raju',
  'Maniam', 'Nadarajah', 'Sinnadurai', 'Veerappan', 'Periasamy', 'Annamalai', 'Chelliah', 'Suppiah', 'Ponnusamy',
  'Letchumanan', 'Gunasegaran', 'Sivalingam', 'Murugiah', 'Karuppiah', 'Thangavelu', 'Palaniappan',
];
export const IBAN_GIVEN = ['Jimbun', 'Nyalau', 'Langgi', 'Janting', 'Entini', 'Sindai', 'Ngelai', 'Gerai'];
export const IBAN_FATHER = ['Tuang', 'Jugah', 'Ngumbang', 'Unting', 'Bujang', 'Sandai', 'Empeni', 'Nyandang'];
export const NICKNAMES = ['Mat', 'Awang', 'Along', 'Angah', 'Ucu', 'Boy', 'Pak Long', 'Mat Jenin', 'Din', 'Atan', 'Lan', 'Man'];

/** Cyrillic given names and surnames with the Latin spellings seen on lists. */
export const CYRILLIC_GIVEN: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Сергей', ['Sergei', 'Sergey']], ['Алексей', ['Alexei', 'Aleksey', 'Alexey']], ['Дмитрий', ['Dmitry', 'Dmitri', 'Dmitriy']],
  ['Александр', ['Alexander', 'Aleksandr']], ['Михаил', ['Mikhail']], ['Николай', ['Nikolai', 'Nikolay']], ['Иван', ['Ivan']],
  ['Владимир', ['Vladimir']], ['Андрей', ['Andrei', 'Andrey']], ['Юрий', ['Yuri', 'Yury', 'Iouri']], ['Евгений', ['Evgeny', 'Yevgeny', 'Evgeniy']],
  ['Виктор', ['Viktor', 'Victor']], ['Олег', ['Oleg']], ['Игорь', ['Igor']], ['Павел', ['Pavel']], ['Максим', ['Maxim', 'Maksim']],
  ['Артём', ['Artyom', 'Artem']], ['Роман', ['Roman']], ['Ольга', ['Olga']], ['Татьяна', ['Tatiana', 'Tatyana']],
  ['Наталья', ['Natalia', 'Natalya']], ['Елена', ['Elena', 'Yelena']], ['Анна', ['Anna']], ['Мария', ['Maria', 'Mariya']],
];
export const CYRILLIC_SURNAME: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['Иванов', ['Ivanov']], ['Петров', ['Petrov']], ['Смирнов', ['Smirnov']], ['Кузнецов', ['Kuznetsov']], ['Попов', ['Popov']],
  ['Соколов', ['Sokolov']], ['Лебедев', ['Lebedev']], ['Козлов', ['Kozlov']], ['Новиков', ['Novikov']], ['Морозов', ['Morozov']],
  ['Волков', ['Volkov']], ['Фёдоров', ['Fedorov', 'Fyodorov']], ['Михайлов', ['Mikhailov', 'Mikhaylov']], ['Орлов', ['Orlov']],
  ['Зайцев', ['Zaitsev', 'Zaytsev']], ['Васильев', ['Vasiliev', 'Vasilyev']], ['Шевченко', ['Shevchenko']], ['Ковалёв', ['Kovalev', 'Kovalyov']],
  ['Чернов', ['Chernov']], ['Жуков', ['Zhukov']], ['Григорьев', ['Grigoriev', 'Grigoryev']], ['Тихонов', ['Tikhonov']],
  ['Белов', ['Belov']], ['Яковлев', ['Yakovlev']], ['Щербаков', ['Shcherbakov']], ['Абрамович', ['Abramovich']],
];
/** Arabic names with the English spellings lists use for them. */
export const ARABIC_NAMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['محمد', ['Mohammed', 'Muhammad', 'Mohamed', 'Mohammad']], ['أحمد', ['Ahmed', 'Ahmad']], ['علي', ['Ali']],
  ['حسين', ['Hussein', 'Hussain', 'Husain']], ['حسن', ['Hassan', 'Hasan']], ['عمر', ['Omar', 'Umar']],
  ['يوسف', ['Yusuf', 'Yousef', 'Yousif']], ['خالد', ['Khalid', 'Khaled']], ['إبراهيم', ['Ibrahim', 'Ebrahim']],
  ['عبدالله', ['Abdullah', 'Abdallah', 'Abdulla']], ['محمود', ['Mahmoud', 'Mahmud', 'Mahmood']], ['مصطفى', ['Mustafa', 'Mostafa']],
  ['سعيد', ['Said', 'Saeed']], ['صالح', ['Saleh', 'Salih']], ['رضوان', ['Ridwan', 'Radwan', 'Redwan']], ['كريم', ['Karim', 'Kareem']],
  ['جمال', ['Jamal', 'Gamal']], ['نبيل', ['Nabil', 'Nabeel']], ['طارق', ['Tariq', 'Tarek', 'Tarik']], ['فيصل', ['Faisal', 'Faysal']],
  ['سامي', ['Sami', 'Samy']], ['ناصر', ['Nasser', 'Nasir', 'Naser']], ['منصور', ['Mansour', 'Mansur', 'Mansoor']],
  ['بشير', ['Bashir', 'Basheer']], ['زياد', ['Ziad', 'Ziyad']], ['رشيد', ['Rashid', 'Rasheed']], ['عادل', ['Adel', 'Adil']],
  ['حمزة', ['Hamza', 'Hamzah']], ['عثمان', ['Othman', 'Osman', 'Uthman']], ['فاطمة', ['Fatima', 'Fatimah']],
];

export function picker(random: () => number) {
  return <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
}
