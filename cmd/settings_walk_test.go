package cmd

import (
	"os"
	"strings"
	"testing"

	"github.com/promoctl/promoctl/internal/config"
)

// settingValues are, for a row of the settings table, a value config set
// takes and how config get then shows it, and a value it refuses with the
// line it says.
type settingValues struct{ good, shown, bad, refusal string }

// settingSamples holds values for every row of the settings table: a row
// added without them fails TestEverySettingReachesTheConfigCommands.
func settingSamples() map[string]settingValues {
	return map[string]settingValues{
		config.KeyBaseURL:  {"https://shop.test/", "https://shop.test", "ftp://shop.test", `promoctl: invalid base_url: invalid base URL "ftp://shop.test": want an absolute http or https URL such as https://api.lpmotor.ru` + "\n"},
		config.KeyToken:    {"tok-abcdefghijklmnop", "tok…op", "a b", "promoctl: invalid token: the token contains spaces or control characters\n"},
		config.KeyUserID:   {"007", "7", "x", `promoctl: invalid user_id: "x" is not a positive integer` + "\n"},
		config.KeySiteID:   {"11", "11", "0", `promoctl: invalid site_id: "0" is not a positive integer` + "\n"},
		config.KeyOutput:   {"JSON", "json", "foo", `promoctl: invalid output: unknown output format "foo": use table, wide, json, jsonl, yaml, csv or xlsx` + "\n"},
		config.KeyTimeout:  {"2m", "2m", "5q", `promoctl: invalid timeout: "5q" is not a duration such as 30s or 2m` + "\n"},
		config.KeyLanguage: {"en", "en", "de", `promoctl: invalid language: unknown language "de": use en or ru` + "\n"},
	}
}

// TestEverySettingReachesTheConfigCommands keeps docs/architecture.md's
// answer to "how do I add a setting" true for every row of config.Table():
// config set checks a value by the row and keeps it, config get and list
// show it, config unset takes it off, completion offers the key, and the generated
// docs list it. (TestTablePrecedence resolves each row from every layer,
// TestGlobalFlagsComeFromTheSettingsTable finds its flag and
// TestExplainNamesTheSourceOfEveryTableRow its line in config explain.)
func TestEverySettingReachesTheConfigCommands(t *testing.T) {
	page, err := os.ReadFile("../docs/commands/promoctl_config_set.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range config.Table() {
		v, ok := settingSamples()[row.Key]
		if !ok {
			t.Errorf("setting %s has no values in settingSamples(): add them", row.Key)
			continue
		}
		t.Run(row.Key, func(t *testing.T) {
			r := newBareRunner(t)
			r.Run("config", "set", row.Key, v.bad).Expect(t, 2, "", v.refusal)
			if res := r.Run("config", "set", row.Key, v.good); res.Code != 0 {
				t.Fatalf("config set %s %s = %d %q", row.Key, v.good, res.Code, res.Stderr)
			}
			r.Run("config", "get", row.Key).Expect(t, 0, v.shown+"\n", "")
			if res := r.Run("config", "list", "-o", "json"); res.Code != 0 || !strings.Contains(res.Stdout, `"`+row.Key+`":`) {
				t.Errorf("config list -o json = %d %q, without %s", res.Code, res.Stdout, row.Key)
			}
			r.Run("config", "unset", row.Key).Expect(t, 0, "", "")
			unset := config.Default(row.Key) // what get says of an unset key: its default, or nothing
			if unset != "" {
				unset += "\n"
			}
			r.Run("config", "get", row.Key).Expect(t, 0, unset, "")
			for _, verb := range []string{"get", "set", "unset"} {
				if res := r.Run("__complete", "config", verb, ""); !strings.Contains(res.Stdout, "\n"+row.Key+"\n") && !strings.HasPrefix(res.Stdout, row.Key+"\n") {
					t.Errorf("config %s completes %q, without %s", verb, res.Stdout, row.Key)
				}
			}
			if !strings.Contains(string(page), row.Key) {
				t.Errorf("docs/commands/promoctl_config_set.md does not name %s (go generate ./...)", row.Key)
			}
		})
	}
}
