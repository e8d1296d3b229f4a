package bulk

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// writeLines writes a journal of the given lines (each ends with a
// newline) as a 0600 file in dir.
func writeLines(t *testing.T, dir, name string, lines ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

const genHeader = `{"t":"job","i":0,"job":{"v":1,"job":"20261201T100000Z-1a2b3c4d","kind":"generate","site_id":1,"started":"2026-12-01T10:00:00Z","ops":3}}`

// TestForgedJournalsAreRefused: a journal whose plan holds what its kind
// does not plan (a generate job that deletes and renames), or that gives
// one operation two outcomes or one id to two codes, is refused whole by
// Open (a resume), ReadFile and ReadJob (promo jobs show, report --job),
// in one line naming the line.
func TestForgedJournalsAreRefused(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  string
	}{
		{"a generate job that deletes and renames", []string{genHeader,
			`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
			`{"t":"plan","i":1,"op":{"action":"delete","code":"WELCOME10","id":1001}}`,
			`{"t":"plan","i":2,"op":{"action":"update","code":"FREESHIP","id":1002,"body":{"code":"HIJACKED"}}}`},
			`line 3: a job of promo generate does not plan "delete id 1001": not a journal promoctl wrote, and nothing of it is carried out`},
		{"a generate create with its own fields", []string{genHeader,
			`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1","body":{"bonus_amount":100}}}`,
			`{"t":"plan","i":1,"op":{"action":"create","code":"NEW2"}}`,
			`{"t":"plan","i":2,"op":{"action":"create","code":"NEW3"}}`},
			`line 2: a job of promo generate does not plan "create"`},
		{"an enable job that renames", []string{strings.Replace(strings.Replace(genHeader, `"generate"`, `"enable"`, 1), `"ops":3`, `"ops":1`, 1),
			`{"t":"plan","i":0,"op":{"action":"update","code":"A1","id":5,"body":{"is_enabled":true,"code":"B1"}}}`},
			`line 2: a job of promo enable does not plan "update id 5"`},
		{"a kind promoctl does not write", []string{strings.Replace(genHeader, `"generate"`, `"wipe"`, 1)},
			`its job is of kind "wipe", which promoctl does not write`},
		{"two created lines for one code", []string{genHeader,
			`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
			`{"t":"plan","i":1,"op":{"action":"create","code":"NEW2"}}`,
			`{"t":"plan","i":2,"op":{"action":"create","code":"NEW3"}}`,
			`{"t":"sent","i":0}`, `{"t":"created","i":0,"id":9001}`,
			`{"t":"created","i":0,"id":1005}`},
			`line 7: operation 0 (NEW1) is already created, and the line records it created again: not a journal promoctl wrote`},
		{"a created code sent again", []string{genHeader,
			`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
			`{"t":"plan","i":1,"op":{"action":"create","code":"NEW2"}}`,
			`{"t":"plan","i":2,"op":{"action":"create","code":"NEW3"}}`,
			`{"t":"sent","i":0}`, `{"t":"created","i":0,"id":9001}`, `{"t":"sent","i":0}`},
			`line 7: operation 0 (NEW1) is already created, and the line records it sent again`},
		{"one id for two codes", []string{genHeader,
			`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
			`{"t":"plan","i":1,"op":{"action":"create","code":"NEW2"}}`,
			`{"t":"plan","i":2,"op":{"action":"create","code":"NEW3"}}`,
			`{"t":"sent","i":0}`, `{"t":"created","i":0,"id":9001}`,
			`{"t":"sent","i":1}`, `{"t":"created","i":1,"id":9001}`},
			`line 8: promo code NEW2 is given id 9001, which the journal already gave NEW1`},
		{"a create journaled deleted", []string{genHeader,
			`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
			`{"t":"plan","i":1,"op":{"action":"create","code":"NEW2"}}`,
			`{"t":"plan","i":2,"op":{"action":"create","code":"NEW3"}}`,
			`{"t":"deleted","i":0,"id":9001}`},
			`line 5: operation 0 is a create, and the line says it was deleted`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeLines(t, t.TempDir(), "job.jsonl", c.lines...)
			j, err := Open(path)
			if err == nil {
				j.Close()
				t.Fatal("Open accepted the journal")
			}
			if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("Open: %v\nwant one line with %q", err, c.want)
			}
			if _, _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ReadFile: %v", err)
			}
			if _, err := ReadJob(path); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ReadJob: %v", err)
			}
		})
	}
}

// A settled "created" after a create answered without its id is the
// journal promoctl writes: it is read, with the listed id.
func TestSettledIDAfterCreatedWithoutOne(t *testing.T) {
	path := writeLines(t, t.TempDir(), "job.jsonl", strings.Replace(genHeader, `"ops":3`, `"ops":1`, 1),
		`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`,
		`{"t":"sent","i":0}`, `{"t":"created","i":0}`, `{"t":"created","i":0,"id":77,"settled":true}`)
	_, items, err := ReadFile(path)
	if err != nil || items[0].ID != 77 || items[0].State != StateCreated {
		t.Errorf("ReadFile = %+v, %v", items, err)
	}
}

// TestJobsFolderAndLinks: the jobs folder is checked before it is read (a
// link, one others may write); a journal that is a symbolic link is
// refused; a hard link of a journal is the same job, listed once, by the
// id its header says.
func TestJobsFolderAndLinks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes and links")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "jobs")
	t0 := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
	path := writeJob(t, dir, "20261102T100000Z-bbbbbbbb", t0, []string{"XMAS1"}, true)
	if err := os.Link(path, filepath.Join(dir, "renamed.jsonl")); err != nil {
		t.Fatal(err)
	}
	secret := writeLines(t, root, "elsewhere.jsonl", strings.Replace(genHeader, `"ops":3`, `"ops":0`, 1))
	if err := os.Symlink(secret, filepath.Join(dir, "20261103T100000Z-cccccccc.jsonl")); err != nil {
		t.Fatal(err)
	}
	jobs, bad, err := ListJobs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 1 || jobs[0].ID != "20261102T100000Z-bbbbbbbb" {
		t.Errorf("jobs %+v, want the one job once", jobs)
	}
	var msgs []string
	for _, e := range bad {
		msgs = append(msgs, e.Error())
	}
	all := strings.Join(msgs, "\n")
	if len(bad) != 2 || !strings.Contains(all, "20261103T100000Z-cccccccc.jsonl: it is a symbolic link") ||
		!strings.Contains(all, "renamed.jsonl is job 20261102T100000Z-bbbbbbbb again") {
		t.Errorf("bad:\n%s\nwant the link refused and the hard link named once", all)
	}
	if _, err := Open(filepath.Join(dir, "20261103T100000Z-cccccccc.jsonl")); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("Open(link) = %v", err)
	}

	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	want := "other users may change the jobs folder " + dir + " (mode 0777): they could plant or swap journals; if it is yours, chmod 700 " + dir
	if _, _, err := ListJobs(dir); err == nil || err.Error() != want {
		t.Errorf("ListJobs(0777) = %v\nwant %s", err, want)
	}
	if _, err := FindJob(dir, "20261102"); err == nil || err.Error() != want {
		t.Errorf("FindJob(0777) = %v", err)
	}
	os.Chmod(dir, 0o700)
	link := filepath.Join(root, "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ListJobs(link); err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
		t.Errorf("ListJobs(link) = %v", err)
	}
}

// TestReadJobMemoryIsTheJournals: a small journal whose header claims ten
// million operations costs what it holds, not what it claims.
func TestReadJobMemoryIsTheJournals(t *testing.T) {
	path := writeLines(t, t.TempDir(), "job.jsonl", strings.Replace(genHeader, `"ops":3`, `"ops":10000000`, 1),
		`{"t":"plan","i":0,"op":{"action":"create","code":"NEW1"}}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := ReadJob(path); err == nil || !strings.Contains(err.Error(), "cut off while the job was planned") {
		t.Errorf("ReadJob = %v", err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Errorf("reading a 300-byte journal allocated %d bytes", got)
	}
}
