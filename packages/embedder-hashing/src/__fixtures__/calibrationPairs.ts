/**
 * Query / stored-memory pairs where the memory answers the query, phrased the way an agent would
 * search (a few words) and store (a sentence). Every query is unrelated to every other pair's memory.
 * Used by the tests and by scripts/calibrate.mjs to choose `minScore`.
 */
export const englishPairs: ReadonlyArray<readonly [query: string, memory: string]> = [
  ['user favourite programming language', 'The user said their favourite programming language is Rust.'],
  ['where does the user live', 'User lives in Lisbon, Portugal, and works remotely.'],
  ['coffee preference', 'Prefers oat milk in coffee, no sugar.'],
  ['deadline for the quarterly report', 'The quarterly report deadline moved to March 14.'],
  ['database used in production', 'Production runs PostgreSQL 15 with the pgvector extension.'],
  ["user's dog name", 'The user has a dog named Biscuit, a beagle.'],
  ['allergies', 'User is allergic to peanuts and shellfish.'],
  ['preferred meeting time', 'Meetings work best for the user in the morning, before 11am.'],
  ['deploy process', 'Deploys go through GitHub Actions after the staging checks pass.'],
  ['birthday', "The user's birthday is on 12 July."],
  ['editor settings', 'Uses Neovim with two-space indentation and relative line numbers.'],
  ['travel plans japan', 'Planning a trip to Japan in April to see the cherry blossoms.'],
  ['manager name', "The user's manager is called Priya and sits in the Berlin office."],
  ['favorite books', 'Favourite books include Dune and The Left Hand of Darkness.'],
  ['password reset bug', 'The password reset email bug was fixed in release 2.3.1.'],
  ['running schedule', 'Goes running on Tuesdays and Saturdays, about 10 km each time.'],
  ['language learning', 'Currently learning Spanish with a tutor twice a week.'],
  ['api rate limits', 'The payments API is rate limited to 100 requests per minute.'],
  ['vegetarian diet', 'The user has been vegetarian since 2019.'],
  ['timezone', 'Works in the Pacific timezone (UTC-8).'],
]

export const chinesePairs: ReadonlyArray<readonly [query: string, memory: string]> = [
  ['用户喜欢的编程语言', '用户说他最喜欢的编程语言是Rust。'],
  ['用户住在哪里', '用户住在上海浦东，远程工作。'],
  ['咖啡偏好', '喝咖啡喜欢加燕麦奶，不加糖。'],
  ['季度报告截止日期', '季度报告的截止日期改到了三月十四日。'],
  ['生产环境数据库', '生产环境使用PostgreSQL数据库和pgvector扩展。'],
  ['用户的狗叫什么', '用户养了一只狗，名字叫饼干。'],
  ['过敏', '用户对花生和海鲜过敏。'],
  ['会议时间偏好', '用户更喜欢在上午开会，十一点之前最好。'],
  ['生日', '用户的生日是七月十二日。'],
  ['旅行计划', '计划四月去日本旅行看樱花。'],
  ['经理是谁', '用户的经理叫王芳，在北京办公室。'],
  ['跑步习惯', '每周二和周六跑步，每次大约十公里。'],
  ['学习外语', '正在跟老师学习西班牙语，每周两次。'],
  ['素食', '用户从2019年开始吃素。'],
  ['喜欢的书', '喜欢的书有《三体》和《活着》。'],
]
