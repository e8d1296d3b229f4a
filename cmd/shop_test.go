package cmd

import (
	"strings"
	"testing"
)

func TestSiteAndPageRejectBadIDs(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stderr string
	}{
		{[]string{"site", "get", "abc"}, `invalid site id "abc": must be a positive integer`},
		{[]string{"site", "get", "0"}, `invalid site id "0": must be a positive integer`},
		{[]string{"site", "get", "--legacy", "--", "-1"}, `invalid site id "-1": must be a positive integer`},
		{[]string{"site", "get", "-1"}, `-1 is read as a flag: to give site get an argument that starts with "-", put "--" before it`},
		{[]string{"site", "list", "7"}, `site list takes no arguments, got "7" (usage: promoctl site list)`},
		{[]string{"page", "get", "x1"}, `invalid page id "x1": must be a positive integer`},
		{[]string{"page", "get", "0"}, `invalid page id "0": must be a positive integer`},
		{[]string{"page", "list", "--site-id", "abc"}, `invalid site_id (from flag --site-id): "abc" is not a positive integer`},
		{[]string{"page", "list", "--site-id", "0"}, `invalid site_id (from flag --site-id): "0" is not a positive integer`},
		{[]string{"page", "list"}, `--site-id is required (or set a default: promoctl config set site_id N)`},
		{[]string{"page", "get", "1", "--legacy"}, `unknown flag: --legacy`},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := newRunner(t)
			r.Run(c.args...).Expect(t, 2, "", "promoctl: "+c.stderr+"\n")
			r.ExpectNoRequests(t)
		})
	}
}

// TestSitePageProductHelp: the help of the shop's nouns and of api, whole
// (a golden file each), with the lines that matter named.
func TestSitePageProductHelp(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"page", "list", "--help"}, []string{"Examples:", "--site-id", "--legacy", "promoctl uses GET"}},
		{[]string{"site", "list", "--help"}, []string{"Examples:", "--legacy", "deprecated GET /v1/site"}},
		{[]string{"site", "get", "--help"}, []string{"Examples:", "promoctl site get 11111"}},
		{[]string{"page", "get", "--help"}, []string{"Examples:", "promoctl page get 5001"}},
		{[]string{"product", "get", "--help"}, []string{"Examples:", "promoctl product get 123456"}},
		{[]string{"api", "--help"}, []string{"Examples:", "-H, --header", "-f, --input", "-F, --field", "-X, --method", "-i, --include", "PATCH"}},
		{[]string{"--help"}, []string{"product", "site", "page", "api"}},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			r := newRunner(t)
			res := r.Run(c.args...)
			res.ExpectGolden(t, 0, "")
			for _, w := range c.want {
				if !strings.Contains(res.Stdout, w) {
					t.Errorf("promoctl %s lacks %q:\n%s", strings.Join(c.args, " "), w, res.Stdout)
				}
			}
			r.ExpectNoRequests(t)
		})
	}
}
