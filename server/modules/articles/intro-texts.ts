/**
 * A tripitaka's introduction (`JS-intro`, `JS-intro.zh-TW`, `JS-intro.en`), written from what the
 * database holds of it (intro-facts.ts): what is imported, where the texts come from and on what
 * terms CBETA makes them available.
 */
import { introUid } from "../../../contract/article-rules.ts";
import type { NamedCount, TripitakaFacts } from "./intro-facts.ts";
import type { SeedArticle } from "./seed-article.ts";

/** How many dynasties and categories an introduction names; the rest are counted. */
const NAMES_SHOWN = 12;

const zhNumber = new Intl.NumberFormat("zh-CN");
const enNumber = new Intl.NumberFormat("en");

/** The header statement of the CBETA files, as CBETA words it. */
const CBETA_HEADER_STATEMENT = "Available for non-commercial use when distributed with this header intact.";

type Script = "sim" | "trad";

/** `清（2 部）、宋（1 部）`, the names past NAMES_SHOWN counted by `others`. */
function namesZh(names: readonly NamedCount[], script: Script, others: string): string {
  const shown = names
    .slice(0, NAMES_SHOWN)
    .map((name) => `${script === "sim" ? name.sim : name.trad}（${zhNumber.format(name.sutras)} 部）`)
    .join("、");
  const rest = names.length - NAMES_SHOWN;
  return rest > 0 ? `${shown}${others.replace("{count}", String(rest))}` : shown;
}

function namesEn(names: readonly NamedCount[]): string {
  const shown = names
    .slice(0, NAMES_SHOWN)
    .map((name) => `${name.trad} (${enNumber.format(name.sutras)})`)
    .join(", ");
  const rest = names.length - NAMES_SHOWN;
  return rest > 0 ? `${shown} and ${rest} more` : shown;
}

const editionList = (facts: TripitakaFacts): string =>
  facts.sourceEditions.map((edition) => `- ${edition}`).join("\n");

function zhIntro(facts: TripitakaFacts, script: Script): SeedArticle {
  const sim = script === "sim";
  const w = (simplified: string, traditional: string) => (sim ? simplified : traditional);
  const name = sim ? facts.nameSim : facts.nameTrad;
  const n = (value: number) => zhNumber.format(value);
  const imported = facts.sutras > 0;
  const collection = facts.cbetaCollection
    ? w(`CBETA 的 ${facts.cbetaCollection} 辑`, `CBETA 的 ${facts.cbetaCollection} 輯`)
    : "CBETA";
  const overview = imported
    ? w(
        `本站收录${name}（${facts.uid}）经文 ${n(facts.sutras)} 部、${n(facts.reels)} 卷，共 ${n(facts.chars)} 字。`,
        `本站收錄${name}（${facts.uid}）經文 ${n(facts.sutras)} 部、${n(facts.reels)} 卷，共 ${n(facts.chars)} 字。`,
      )
    : w(`本站尚未收录${name}（${facts.uid}）的经文。`, `本站尚未收錄${name}（${facts.uid}）的經文。`);
  const contents = imported
    ? [
        `| ${w("项目", "項目")} | ${w("数量", "數量")} |`,
        "|---|---|",
        `| ${w("经", "經")} | ${n(facts.sutras)} 部 |`,
        `| 卷 | ${n(facts.reels)} 卷 |`,
        `| 字 | ${n(facts.chars)} 字 |`,
        "",
        ...(facts.dynasties.length > 0
          ? [
              `- 朝代：${namesZh(facts.dynasties, script, w("等，另有 {count} 个朝代", "等，另有 {count} 個朝代"))}`,
            ]
          : []),
        ...(facts.categories.length > 0
          ? [
              `- ${w("部类", "部類")}：${namesZh(facts.categories, script, w("等，另有 {count} 个部类", "等，另有 {count} 個部類"))}`,
            ]
          : []),
        "",
        w(
          "在页首的“经目”中可按经名、朝代、部类和作译者查找这些经，点经名即可按卷阅读；在本藏首页的检索框中可检索全文。每卷都提供原始、通用、繁体、简体四种文本：原始文本保留原书用字，Unicode 尚未收录的字以私用区编码表示；通用文本改用 Unicode 通行字；繁体与简体文本由此转换而来。",
          "在頁首的「經目」中可按經名、朝代、部類和作譯者查找這些經，點經名即可按卷閱讀；在本藏首頁的檢索框中可檢索全文。每卷都提供原始、通用、繁體、簡體四種文本：原始文本保留原書用字，Unicode 尚未收錄的字以私用區編碼表示；通用文本改用 Unicode 通行字；繁體與簡體文本由此轉換而來。",
        ),
      ]
    : [
        w(
          "此藏的经文导入后，这里会列出经、卷和字的数量，以及其中的朝代与部类。",
          "此藏的經文導入後，這裡會列出經、卷和字的數量，以及其中的朝代與部類。",
        ),
      ];
  const source = imported
    ? [
        w(
          `本藏经文取自中华电子佛典协会（CBETA）的 XML P5a 电子版（TEI P5 格式），即 ${collection}。各经文件头的题名注明其版本为：`,
          `本藏經文取自中華電子佛典協會（CBETA）的 XML P5a 電子版（TEI P5 格式），即 ${collection}。各經檔頭的題名註明其版本為：`,
        ),
        "",
        editionList(facts),
        "",
        w(
          "导入时保留了每部经的题名、出处与 CBETA 的声明，每卷正文之末都注明该卷的出处、声明和原文件名。",
          "導入時保留了每部經的題名、出處與 CBETA 的聲明，每卷正文之末都註明該卷的出處、聲明和原檔名。",
        ),
      ]
    : [
        w(
          `本站的经文均取自中华电子佛典协会（CBETA）的 XML P5a 电子版${facts.cbetaCollection ? `；此藏对应 ${collection}` : ""}。`,
          `本站的經文均取自中華電子佛典協會（CBETA）的 XML P5a 電子版${facts.cbetaCollection ? `；此藏對應 ${collection}` : ""}。`,
        ),
      ];
  const licence = [
    w(
      `CBETA 在每个经文文件的文件头中声明：“${CBETA_HEADER_STATEMENT}”即经文可供非商业使用，但须连同完整的文件头（出处与声明）一并发布。`,
      `CBETA 在每個經文檔案的檔頭中聲明：「${CBETA_HEADER_STATEMENT}」即經文可供非商業使用，但須連同完整的檔頭（出處與聲明）一併發布。`,
    ),
    "",
    w(
      "因此本站经文仅供个人非商业的阅读与研究。引用或转载时，请注明出处为中华电子佛典协会（CBETA）及经号、卷次；不得用于商业用途。",
      "因此本站經文僅供個人非商業的閱讀與研究。引用或轉載時，請註明出處為中華電子佛典協會（CBETA）及經號、卷次；不得用於商業用途。",
    ),
  ];
  const content = [
    overview,
    "",
    `## ${w("收录概况", "收錄概況")}`,
    "",
    ...contents,
    "",
    `## ${w("文本来源", "文本來源")}`,
    "",
    ...source,
    "",
    `## ${w("使用许可", "使用許可")}`,
    "",
    ...licence,
    "",
  ].join("\n");
  const summary = imported
    ? w(
        `${name}（${facts.uid}）：本站收录 ${n(facts.sutras)} 部经、${n(facts.reels)} 卷，共 ${n(facts.chars)} 字，经文取自 CBETA 电子佛典，仅供非商业使用。`,
        `${name}（${facts.uid}）：本站收錄 ${n(facts.sutras)} 部經、${n(facts.reels)} 卷，共 ${n(facts.chars)} 字，經文取自 CBETA 電子佛典，僅供非商業使用。`,
      )
    : overview;
  const uid = introUid(facts.uid);
  return { uid: sim ? uid : `${uid}.zh-TW`, title: `${name}${w("简介", "簡介")}`, summary, content };
}

function enIntro(facts: TripitakaFacts): SeedArticle {
  const n = (value: number) => enNumber.format(value);
  const name = `${facts.nameTrad} (${facts.uid})`;
  const imported = facts.sutras > 0;
  const collection = facts.cbetaCollection ? `CBETA's collection ${facts.cbetaCollection}` : "CBETA";
  const overview = imported
    ? `This site holds ${n(facts.sutras)} sutras of the ${name} in ${n(facts.reels)} reels, ${n(facts.chars)} characters in all.`
    : `No texts of the ${name} have been imported into this site yet.`;
  const contents = imported
    ? [
        "| Item | Count |",
        "|---|---|",
        `| Sutras | ${n(facts.sutras)} |`,
        `| Reels | ${n(facts.reels)} |`,
        `| Characters | ${n(facts.chars)} |`,
        "",
        ...(facts.dynasties.length > 0 ? [`- Dynasties: ${namesEn(facts.dynasties)}`] : []),
        ...(facts.categories.length > 0 ? [`- Categories: ${namesEn(facts.categories)}`] : []),
        "",
        "Find these sutras in the catalogue (the header's catalogue button) by title, dynasty, category or author, and open one to read it by reel; the search box on this tripitaka's home page searches the full text. Every reel comes in four text forms: the original text keeps the characters as printed, with private-use code points for characters Unicode lacks; the common text uses standard Unicode characters; the traditional and simplified texts are converted from it.",
      ]
    : [
        "Once texts of this tripitaka are imported, this section gives the number of sutras, reels and characters and the dynasties and categories among them.",
      ];
  const source = imported
    ? [
        `The texts come from the XML P5a edition (TEI P5) of the Chinese Buddhist Electronic Text Association (CBETA), ${collection}. The title statements of the files name these editions as their source:`,
        "",
        editionList(facts),
        "",
        "Each sutra keeps its title, source and CBETA's statement, and the end of every reel names its source, the statement and the original file.",
      ]
    : [
        `The texts of this site all come from the XML P5a edition of the Chinese Buddhist Electronic Text Association (CBETA)${facts.cbetaCollection ? `; this tripitaka corresponds to ${collection}` : ""}.`,
      ];
  const content = [
    overview,
    "",
    "## What is included",
    "",
    ...contents,
    "",
    "## Where the texts come from",
    "",
    ...source,
    "",
    "## Licence",
    "",
    `Every CBETA file states in its header: "${CBETA_HEADER_STATEMENT}" The texts may be used for non-commercial purposes, and only distributed together with their full header (source and statement).`,
    "",
    "The texts on this site are therefore for personal, non-commercial reading and study. When you quote or reproduce them, name CBETA as the source together with the sutra number and reel; do not use them commercially.",
    "",
  ].join("\n");
  const summary = imported
    ? `${name}: ${n(facts.sutras)} sutras in ${n(facts.reels)} reels, ${n(facts.chars)} characters, from the CBETA electronic edition, for non-commercial use.`
    : overview;
  return { uid: `${introUid(facts.uid)}.en`, title: `About the ${name}`, summary, content };
}

/** The introduction of a tripitaka in simplified Chinese, traditional Chinese and English. */
export const introArticles = (facts: TripitakaFacts): SeedArticle[] => [
  zhIntro(facts, "sim"),
  zhIntro(facts, "trad"),
  enIntro(facts),
];
