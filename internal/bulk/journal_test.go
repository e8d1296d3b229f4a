package bulk

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

func TestDefaultPathAndPermissions(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if got := DefaultPath(env(map[string]string{"XDG_STATE_HOME": "/s", "HOME": "/h"}), "J"); got != "/s/promoctl/jobs/J.jsonl" {
		t.Errorf("DefaultPath with XDG_STATE_HOME = %s", got)
	}
	if got := DefaultPath(env(map[string]string{"XDG_STATE_HOME": "rel", "HOME": "/h"}), "J"); got != "/h/.local/state/promoctl/jobs/J.jsonl" {
		t.Errorf("DefaultPath with a relative XDG_STATE_HOME = %s", got)
	}
	dir := t.TempDir()
	path := DefaultPath(env(map[string]string{"XDG_STATE_HOME": dir}), NewJobID(time.Now()))
	j, err := Create(path, Header{Kind: "generate", SiteID: 1}, CreateOps(codes(2)))
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	for p, want := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
		if st, err := os.Stat(p); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, %v; want %v", p, st.Mode().Perm(), err, want)
		}
	}
	if _, err := Create(path, Header{Kind: "generate"}, nil); err == nil {
		t.Error("Create over an existing journal succeeded; it must refuse")
	}
}

func TestJobIDsSortByTimeAndDiffer(t *testing.T) {
	base := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	var ids []string
	seen := map[string]bool{}
	for i := range 50 {
		id := NewJobID(base.Add(time.Duration(i) * time.Second))
		if seen[id] {
			t.Fatalf("job id %s twice", id)
		}
		seen[id] = true
		ids = append(ids, id)
	}
	if !sort.StringsAreSorted(ids) || !strings.HasPrefix(ids[0], "20260102T150405Z-") {
		t.Errorf("job ids do not sort by time: %v", ids[:3])
	}
	if a, b := NewJobID(base), NewJobID(base); a == b {
		t.Error("two job ids of the same second are equal")
	}
}

func TestReadRefusesBrokenJournals(t *testing.T) {
	header := `{"t":"job","i":0,"job":{"v":1,"job":"x","kind":"generate","site_id":1,"ops":2}}` + "\n"
	plan := `{"t":"plan","i":0,"op":{"action":"create","code":"AA"}}` + "\n" +
		`{"t":"plan","i":1,"op":{"action":"create","code":"BB"}}` + "\n"
	cases := map[string]string{
		"empty":              "",
		"no header":          plan,
		"cut while planning": header + `{"t":"plan","i":0,"op":{"action":"create","code":"AA"}}` + "\n",
		"garbage mid-file":   header + plan + "{oops\n" + `{"t":"sent","i":1}` + "\n",
		"unknown item":       header + plan + `{"t":"sent","i":7}` + "\n",
		"newer version":      strings.Replace(header, `"v":1`, `"v":9`, 1) + plan,
	}
	for name, text := range cases {
		if _, _, err := Read(strings.NewReader(text)); err == nil {
			t.Errorf("%s: Read = nil error", name)
		}
	}
	h, items, err := Read(strings.NewReader(header + plan + `{"t":"sent","i":1}` + "\n" + `{"t":"created","i":1,"id":5}` + "\n" + `{"t":"sent","i":0}` + "\n" + `{"t":"cre`))
	if err != nil || h.SiteID != 1 || items[0].State != StateSent || items[1].State != StateCreated || items[1].ID != 5 {
		t.Errorf("Read(torn tail) = %+v, %+v, %v", h, items, err)
	}
}
