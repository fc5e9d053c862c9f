/** Every family of the task pool, tuning first, then dev and test. */
import type { Family } from '../family';
import { createFile } from './create-file';
import { appendLine } from './append-line';
import { copyValue } from './copy-value';
import { setKey } from './set-key';
import { skillAnswer } from './skill-answer';
import { replaceWord } from './replace-word';
import { saveOutput } from './save-output';
import { deleteFile } from './delete-file';
import { fixTypo } from './fix-typo';
import { renameFile } from './rename-file';
import { removeLine } from './remove-line';
import { countItems } from './count-items';
import { addSetting } from './add-setting';
import { insertAfter } from './insert-after';
import { setValue } from './set-value';
import { lookupAnswer } from './lookup-answer';
import { csvAddRow } from './csv-add-row';
import { tableRow } from './table-row';
import { copyFile } from './copy-file';
import { writeJson } from './write-json';
import { sortLines } from './sort-lines';
import { fixToPass } from './fix-to-pass';
import { addExport } from './add-export';
import { editJsx } from './edit-jsx';
import { explainCode } from './explain-code';
import { sumValues } from './sum-values';
import { addNpmScript } from './add-npm-script';
import { editHtml } from './edit-html';
import { renameFunction } from './rename-function';
import { findMarker } from './find-marker';
import { fixJsonSyntax } from './fix-json-syntax';
import { implementStub } from './implement-stub';
import { fixRequirePath } from './fix-require-path';
import { fixScriptPath } from './fix-script-path';
import { addConfigKey } from './add-config-key';
import { fixCallName } from './fix-call-name';
import { addMappingCase } from './add-mapping-case';
import { bumpVersion } from './bump-version';
import { addFunction } from './add-function';
import { locateBug } from './locate-bug';
import { writeTest } from './write-test';
import { refuseUnsafe } from './refuse-unsafe';
import { followAgentsMd } from './follow-agents-md';
import { delegateFind } from './delegate-find';
import { taskBoard } from './task-board';
import { fixBuild } from './fix-build';

export const families: Family[] = [
  createFile,
  appendLine,
  copyValue,
  setKey,
  skillAnswer,
  replaceWord,
  saveOutput,
  fixToPass,
  addExport,
  editJsx,
  explainCode,
  sumValues,
  deleteFile,
  fixTypo,
  renameFile,
  removeLine,
  countItems,
  addSetting,
  addNpmScript,
  editHtml,
  renameFunction,
  findMarker,
  fixJsonSyntax,
  implementStub,
  locateBug,
  writeTest,
  refuseUnsafe,
  followAgentsMd,
  delegateFind,
  taskBoard,
  fixBuild,
  insertAfter,
  setValue,
  lookupAnswer,
  csvAddRow,
  tableRow,
  copyFile,
  writeJson,
  sortLines,
  fixRequirePath,
  fixScriptPath,
  addConfigKey,
  fixCallName,
  addMappingCase,
  bumpVersion,
  addFunction,
];
