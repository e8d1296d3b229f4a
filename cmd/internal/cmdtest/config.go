package cmdtest

import (
	"encoding/json"
	"testing"
)

// ConfigTwoProfiles is a config file with comments, two profiles and a key
// promoctl does not know.
const ConfigTwoProfiles = `# promoctl settings
current_profile: default
profiles:
  default:
    base_url: https://api.lpmotor.ru # the public service
    token: ` + TestToken + `
    user_id: 42
    site_id: 11111
  staging:
    base_url: http://127.0.0.1:8787
    token: staging-token-0123456789
    user_id: 43
    output: json
    timeout: 2m
editor: vim
`

// ExplainRow is one row of config explain -o json.
type ExplainRow struct {
	Setting, Value, Source, From string
}

func ExplainRows(t *testing.T, r *Runner, args ...string) map[string]ExplainRow {
	t.Helper()
	res := r.Run(append([]string{"config", "explain"}, args...)...)
	if res.Code != 0 {
		t.Fatalf("config explain %q: exit %d\n%s", args, res.Code, res.Stderr)
	}
	var rows []ExplainRow
	if err := json.Unmarshal([]byte(res.Stdout), &rows); err != nil {
		t.Fatalf("config explain output is not JSON: %v\n%s", err, res.Stdout)
	}
	m := map[string]ExplainRow{}
	for _, row := range rows {
		m[row.Setting] = row
	}
	return m
}
