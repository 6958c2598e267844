/** Text of the character type screen (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const charTypeText = {
  oriTxt: /*i18n*/ { id: "charType.oriTxt", message: "原字" },
  uniTxt: /*i18n*/ { id: "charType.uniTxt", message: "通用字" },
  stdTxt: /*i18n*/ { id: "charType.stdTxt", message: "标准繁体" },
  simTxt: /*i18n*/ { id: "charType.simTxt", message: "简体" },
  isManual: /*i18n*/ { id: "charType.isManual", message: "是否造字" },
  isDeform: /*i18n*/ { id: "charType.isDeform", message: "是否异体" },
  yes: /*i18n*/ { id: "charType.yes", message: "是" },
  no: /*i18n*/ { id: "charType.no", message: "否" },
  image: /*i18n*/ { id: "charType.image", message: "字形" },
  frequency: /*i18n*/ { id: "charType.frequency", message: "字频" },
  composition: /*i18n*/ { id: "charType.composition", message: "组字式：{composition}" },
  noGlyph: /*i18n*/ { id: "charType.noGlyph", message: "本站字体无此字形" },
  openCharImages: /*i18n*/ { id: "charType.openCharImages", message: "查看字图（{count}）" },
  noCharImages: /*i18n*/ { id: "charType.noCharImages", message: "无字图" },
  openCharImageOf: /*i18n*/ {
    id: "charType.openCharImageOf",
    message: "在新标签页中查看“{char}”的字图",
  },
  tableLabel: /*i18n*/ { id: "charType.tableLabel", message: "字种列表" },
} satisfies Record<string, MessageDescriptor>;
