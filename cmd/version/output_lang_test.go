package version

import "testing"

// TestUnknownOutputSaidInTheLanguage: version's refusal of an --output it
// does not know keeps the format's typed error, so a Russian run says it
// in Russian, and an English one as before; exit 2 in both.
func TestUnknownOutputSaidInTheLanguage(t *testing.T) {
	r := newRunner(t)
	r.Run("version", "-o", "nope").Expect(t, 2, "",
		"promoctl: --output: unknown output format \"nope\": use table, wide, json, jsonl, yaml, csv or xlsx\n")
	r.Env["PROMOCTL_LANG"] = "ru"
	r.Run("version", "-o", "nope").Expect(t, 2, "",
		"promoctl: --output: неизвестный формат вывода «nope»: нужен table, wide, json, jsonl, yaml, csv или xlsx\n")
}
