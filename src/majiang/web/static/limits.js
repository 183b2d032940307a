// The limits a result can reach, in the page's language: shared by the calculators and the
// table's results.

import { t } from "./i18n.js";

/** A limit of the result (riichi's mangan ... yakuman, the others' cap) in the page's language. */
export function limitWord(limit) {
  const words = {
    mangan: t("mangan"),
    haneman: t("haneman"),
    baiman: t("baiman"),
    sanbaiman: t("sanbaiman"),
    yakuman: t("yakuman"),
    double_yakuman: t("double yakuman"),
    triple_yakuman: t("triple yakuman"),
    quadruple_yakuman: t("quadruple yakuman"),
    quintuple_yakuman: t("quintuple yakuman"),
    sextuple_yakuman: t("sextuple yakuman"),
    limit: t("limit"),
  };
  return words[limit] || String(limit).replace(/_/g, " ");
}
