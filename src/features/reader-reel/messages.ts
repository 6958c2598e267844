/** Text of the reel reader: settings, header, side panel, guide and keyboard help (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const readerText = {
  settings: /*i18n*/ { id: "reader.settings", message: "阅读设置" },
  textType: /*i18n*/ { id: "reader.textType", message: "文本类型" },
  ori_txt: /*i18n*/ { id: "reader.txt.ori", message: "原始文本" },
  uni_txt: /*i18n*/ { id: "reader.txt.uni", message: "通用文本" },
  std_txt: /*i18n*/ { id: "reader.txt.std", message: "繁体文本" },
  sim_txt: /*i18n*/ { id: "reader.txt.sim", message: "简体文本" },
  fontSize: /*i18n*/ { id: "reader.fontSize", message: "字号" },
  lineSpacing: /*i18n*/ { id: "reader.lineSpacing", message: "行距" },
  wordSpacing: /*i18n*/ { id: "reader.wordSpacing", message: "字距" },
  lineShow: /*i18n*/ { id: "reader.lineShow", message: "按原书换行" },
  lineHeadShow: /*i18n*/ { id: "reader.lineHeadShow", message: "显示行首编号" },
  punctuationShow: /*i18n*/ { id: "reader.punctuationShow", message: "显示标点" },
  backToTop: /*i18n*/ { id: "reader.backToTop", message: "回到顶部" },
  quickSearch: /*i18n*/ { id: "reader.quickSearch", message: "卷内查找" },
  matchCount: /*i18n*/ { id: "reader.matchCount", message: "{current} / {total}" },
  fontType: /*i18n*/ { id: "reader.fontType", message: "字体" },
  charImageShow: /*i18n*/ { id: "reader.charImageShow", message: "悬停显示字图" },
  openGuide: /*i18n*/ { id: "reader.openGuide", message: "阅读引导" },
  openShortcuts: /*i18n*/ { id: "reader.openShortcuts", message: "快捷键" },
} satisfies Record<string, MessageDescriptor>;

export const fontTypeText = {
  default: /*i18n*/ { id: "reader.font.default", message: "默认" },
  kai: /*i18n*/ { id: "reader.font.kai", message: "楷体" },
  tripitaka: /*i18n*/ { id: "reader.font.tripitaka", message: "藏经体" },
} satisfies Record<string, MessageDescriptor>;

/** The reel header and its sutra card. */
export const headerText = {
  home: /*i18n*/ { id: "reader.header.home", message: "返回首页" },
  card: /*i18n*/ { id: "reader.header.card", message: "经文信息" },
  years: /*i18n*/ { id: "reader.header.years", message: "年代" },
  category: /*i18n*/ { id: "reader.header.category", message: "部类" },
  tenThousands: /*i18n*/ { id: "reader.count.tenThousands", message: "{count}万" },
} satisfies Record<string, MessageDescriptor>;

/** The reel catalogue side panel. */
export const panelText = {
  label: /*i18n*/ { id: "reader.panel.label", message: "卷目导航" },
  contents: /*i18n*/ { id: "reader.panel.contents", message: "目录" },
  volumes: /*i18n*/ { id: "reader.panel.volumes", message: "卷次" },
  collapse: /*i18n*/ { id: "reader.panel.collapse", message: "收起目录" },
  expand: /*i18n*/ { id: "reader.panel.expand", message: "展开目录" },
  noContents: /*i18n*/ { id: "reader.panel.noContents", message: "本经暂无目录" },
} satisfies Record<string, MessageDescriptor>;

/** The reading guide's steps and the keyboard shortcut dialog. */
export const guideText = {
  title: /*i18n*/ { id: "reader.guide.title", message: "阅读引导" },
  step: /*i18n*/ { id: "reader.guide.step", message: "第 {step} / {total} 步" },
  catalogueTitle: /*i18n*/ { id: "reader.guide.catalogue.title", message: "卷目导航" },
  catalogueBody: /*i18n*/ {
    id: "reader.guide.catalogue.body",
    message: "在左侧的目录或卷次中点选，即可跳到相应的卷和位置；目录可以收起和展开。",
  },
  toolbarTitle: /*i18n*/ { id: "reader.guide.toolbar.title", message: "阅读工具" },
  toolbarBody: /*i18n*/ {
    id: "reader.guide.toolbar.body",
    message:
      "上一卷、下一卷、横排竖排、阅读设置和卷内查找都在这里；阅读设置可调整文本类型、字体、字号和行距。",
  },
  textTitle: /*i18n*/ { id: "reader.guide.text.title", message: "经文" },
  textBody: /*i18n*/ {
    id: "reader.guide.text.body",
    message: "经文按原书分行显示；选中文字可查词典、复制或反馈，读完按回车键进入下一卷。",
  },
  prev: /*i18n*/ { id: "reader.guide.prev", message: "上一步" },
  next: /*i18n*/ { id: "reader.guide.next", message: "下一步" },
  finish: /*i18n*/ { id: "reader.guide.finish", message: "完成" },
  skip: /*i18n*/ { id: "reader.guide.skip", message: "跳过" },
  shortcutsTitle: /*i18n*/ { id: "reader.shortcuts.title", message: "快捷键" },
  keyEnter: /*i18n*/ { id: "reader.shortcuts.key.enter", message: "回车" },
  keyArrows: /*i18n*/ { id: "reader.shortcuts.key.arrows", message: "↑ / ↓" },
  keySpace: /*i18n*/ { id: "reader.shortcuts.key.space", message: "空格" },
  keyShiftSpace: /*i18n*/ { id: "reader.shortcuts.key.shiftSpace", message: "Shift + 空格" },
  keySearchEnter: /*i18n*/ { id: "reader.shortcuts.key.searchEnter", message: "查找框内回车" },
  doEnter: /*i18n*/ { id: "reader.shortcuts.enter", message: "阅读下一卷" },
  doArrows: /*i18n*/ { id: "reader.shortcuts.arrows", message: "向上或向下滚动四行" },
  doSpace: /*i18n*/ { id: "reader.shortcuts.space", message: "向下翻一屏" },
  doShiftSpace: /*i18n*/ { id: "reader.shortcuts.shiftSpace", message: "向上翻一屏" },
  doSearchEnter: /*i18n*/ {
    id: "reader.shortcuts.searchEnter",
    message: "卷内查找：跳到下一处，末处之后回到第一处",
  },
  gotIt: /*i18n*/ { id: "reader.shortcuts.ok", message: "知道了" },
} satisfies Record<string, MessageDescriptor>;

export const charImageText = {
  alt: /*i18n*/ { id: "reader.charImage.alt", message: "“{char}”的字图" },
} satisfies Record<string, MessageDescriptor>;
