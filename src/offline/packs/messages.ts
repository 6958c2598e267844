/** Text of the pack export and import in the storage panel (simplified Chinese source). */
import type { MessageDescriptor } from "@lingui/core";

export const packText = {
  exportButton: /*i18n*/ { id: "offline.pack.exportButton", message: "导出离线包" },
  importButton: /*i18n*/ { id: "offline.pack.importButton", message: "导入离线包" },
  close: /*i18n*/ { id: "offline.pack.close", message: "关闭" },
  cancel: /*i18n*/ { id: "offline.pack.cancel", message: "取消" },
  exportTitle: /*i18n*/ { id: "offline.pack.exportTitle", message: "导出离线包" },
  exportIntro: /*i18n*/ {
    id: "offline.pack.exportIntro",
    message: "把本设备上已下载的内容存为一个离线包文件，可在另一台设备上不联网导入。",
  },
  exportWhat: /*i18n*/ { id: "offline.pack.exportWhat", message: "导出内容" },
  everything: /*i18n*/ { id: "offline.pack.everything", message: "全部离线内容" },
  downloadChoice: /*i18n*/ { id: "offline.pack.downloadChoice", message: "{label}（{scope}）" },
  groupChoice: /*i18n*/ { id: "offline.pack.groupChoice", message: "我的分组：{name}（{count} 部经已下载）" },
  estimating: /*i18n*/ { id: "offline.pack.estimating", message: "正在计算大小…" },
  estimate: /*i18n*/ {
    id: "offline.pack.estimate",
    message: "{downloads} 项下载，{items} 条内容，文件约 {size}",
  },
  nothingToExport: /*i18n*/ {
    id: "offline.pack.nothingToExport",
    message: "所选内容在本设备上没有已完成的下载，无法导出。",
  },
  exportStart: /*i18n*/ { id: "offline.pack.exportStart", message: "导出" },
  exporting: /*i18n*/ {
    id: "offline.pack.exporting",
    message: "正在导出：{done}/{total} 条内容，已写入 {written}",
  },
  exportIndex: /*i18n*/ { id: "offline.pack.exportIndex", message: "正在写入搜索索引…" },
  exported: /*i18n*/ { id: "offline.pack.exported", message: "已导出 {name}（{size}）" },
  exportCancelled: /*i18n*/ { id: "offline.pack.exportCancelled", message: "已取消导出，未保存文件。" },
  exportFailed: /*i18n*/ { id: "offline.pack.exportFailed", message: "导出失败，未保存文件：{reason}" },
  exportDiskFull: /*i18n*/ {
    id: "offline.pack.exportDiskFull",
    message: "磁盘空间不足，导出已停止，未保存文件。",
  },
  importTitle: /*i18n*/ { id: "offline.pack.importTitle", message: "导入离线包" },
  importIntro: /*i18n*/ {
    id: "offline.pack.importIntro",
    message: "选择一个离线包文件（.canonpack）。导入无需联网，先检查文件，再写入本设备。",
  },
  chooseFile: /*i18n*/ { id: "offline.pack.chooseFile", message: "选择文件" },
  reading: /*i18n*/ { id: "offline.pack.reading", message: "正在读取离线包…" },
  fileName: /*i18n*/ { id: "offline.pack.fileName", message: "文件：{name}（{size}）" },
  madeByServer: /*i18n*/ { id: "offline.pack.madeByServer", message: "由服务器生成于 {date}" },
  madeByDevice: /*i18n*/ { id: "offline.pack.madeByDevice", message: "由设备导出于 {date}" },
  canonVersion: /*i18n*/ { id: "offline.pack.canonVersion", message: "{tripitaka} 版本 {version}" },
  packDownload: /*i18n*/ {
    id: "offline.pack.packDownload",
    message: "{label}（{scope}，{forms}，{count} 条内容，{size}）",
  },
  withImages: /*i18n*/ { id: "offline.pack.withImages", message: "含图像" },
  hasIndex: /*i18n*/ { id: "offline.pack.hasIndex", message: "含搜索索引（{reels} 卷），导入后即可搜索" },
  noIndex: /*i18n*/ { id: "offline.pack.noIndex", message: "不含搜索索引，导入后在本设备建立索引" },
  install: /*i18n*/ { id: "offline.pack.install", message: "导入" },
  checking: /*i18n*/ { id: "offline.pack.checking", message: "正在校验：{done}/{total} 部分" },
  writing: /*i18n*/ { id: "offline.pack.writing", message: "正在写入：{done}/{total} 部分" },
  indexing: /*i18n*/ { id: "offline.pack.indexing", message: "正在合并搜索索引：{done}/{total} 部分" },
  progressBytes: /*i18n*/ { id: "offline.pack.progressBytes", message: "{done} / {total}" },
  installed: /*i18n*/ { id: "offline.pack.installed", message: "已导入：{labels}" },
  importCancelled: /*i18n*/ {
    id: "offline.pack.importCancelled",
    message: "已停止导入。已写入的部分会保留，再次选择同一文件即可继续。",
  },
  notAPack: /*i18n*/ { id: "offline.pack.notAPack", message: "所选文件不是离线包，未做任何更改。" },
  newerFormat: /*i18n*/ {
    id: "offline.pack.newerFormat",
    message: "这个离线包由较新版本的应用生成，本应用无法读取。请先更新应用，未做任何更改。",
  },
  damaged: /*i18n*/ {
    id: "offline.pack.damaged",
    message: "文件已损坏（校验和不符），未做任何更改。",
  },
  truncated: /*i18n*/ {
    id: "offline.pack.truncated",
    message: "文件不完整（可能没有复制或下载完），未做任何更改。",
  },
  versionMismatch: /*i18n*/ {
    id: "offline.pack.versionMismatch",
    message:
      "离线包中的 {tripitaka} 是版本 {pack}，本设备上的“{label}”是版本 {library}。版本不同，未做任何更改；请先删除该下载，或使用同一版本的离线包。",
  },
  versionOther: /*i18n*/ {
    id: "offline.pack.versionOther",
    message: "离线包的藏经版本与本设备上的不同，未做任何更改：{reason}",
  },
  importDiskFull: /*i18n*/ {
    id: "offline.pack.importDiskFull",
    message: "存储空间已满，导入已停止。已写入的部分会保留；释放空间后再次选择同一文件即可继续。",
  },
  importFailed: /*i18n*/ { id: "offline.pack.importFailed", message: "导入失败：{reason}" },
  fromFile: /*i18n*/ {
    id: "offline.pack.fromFile",
    message: "从文件 {name} 导入未完成：请点“继续导入”，再次选择同一文件。",
  },
  continueImport: /*i18n*/ { id: "offline.pack.continueImport", message: "继续导入" },
} satisfies Record<string, MessageDescriptor>;
