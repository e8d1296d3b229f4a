package config

import (
	"github.com/promoctl/promoctl/internal/i18n"

	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// expectOnlyFile fails when dir holds anything but the file name, such as
// a temporary file left behind.
func expectOnlyFile(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 1 || names[0] != name {
		t.Errorf("files in %s = %q, want only %q", dir, names, name)
	}
}

func TestWriteFileCreatesA0600FileInA0700Folder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "config", "promoctl")
	path := filepath.Join(dir, "config.yaml")
	warnings, err := WriteFile(path, []byte("current_profile: default\n"))
	if err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %v, want none", warnings)
	}
	if got := readString(t, path); got != "current_profile: default\n" {
		t.Errorf("file = %q, want what was written", got)
	}
	if got := mode(t, path); got != 0o600 {
		t.Errorf("file mode = %04o, want 0600", got)
	}
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if got := mode(t, d); got != 0o700 {
			t.Errorf("mode of created folder %s = %04o, want 0700", d, got)
		}
	}
	expectOnlyFile(t, dir, "config.yaml")
}

func TestWriteFileTightensALooseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644) // whatever the umask
	if _, err := WriteFile(path, []byte("new\n")); err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	if got := mode(t, path); got != 0o600 {
		t.Errorf("file mode = %04o, want 0600", got)
	}
	if got := readString(t, path); got != "new\n" {
		t.Errorf("file = %q, want %q", got, "new\n")
	}
}

func TestWriteFileWarnsOfALooseFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o755)
	warnings, err := WriteFile(filepath.Join(dir, "config.yaml"), []byte("x: 1\n"))
	if err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	want := "config folder " + dir + " can be read by other users (mode 0755): run chmod 700 " + dir
	if len(warnings) != 1 || i18n.InEnglish(warnings[0]) != want {
		t.Errorf("warnings = %v, want [%q]", warnings, want)
	}
	if got := mode(t, dir); got != 0o755 {
		t.Errorf("folder mode = %04o, want it left alone (0755)", got)
	}
}

// TestWriteFileInterrupted stops a write at each step before the rename:
// the old file must survive whole and no temporary file may be left.
func TestWriteFileInterrupted(t *testing.T) {
	failWrite := func(f *os.File, data []byte) error {
		f.Write(data[:len(data)/2]) // half written, then the disk is full
		return errors.New("no space left on device")
	}
	failRename := func(string, string) error { return errors.New("killed before rename") }
	for _, c := range []struct {
		name   string
		write  func(*os.File, []byte) error
		rename func(string, string) error
		err    string
	}{
		{"write fails", failWrite, os.Rename, "no space left on device"},
		{"rename fails", realSteps().writeTemp, failRename, "killed before rename"},
	} {
		t.Run(c.name, func(t *testing.T) {
			steps := writeSteps{writeTemp: c.write, rename: c.rename}
			dir := t.TempDir()
			path := filepath.Join(dir, "config.yaml")
			const old = "current_profile: default\nprofiles:\n  default:\n    token: old\n"
			if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := steps.writeFile(path, []byte("current_profile: other\nprofiles: {}\n"))
			if err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), path) {
				t.Errorf("WriteFile error = %v, want one naming %s and %q", err, path, c.err)
			}
			if got := readString(t, path); got != old {
				t.Errorf("file after a failed write = %q, want the old contents %q", got, old)
			}
			expectOnlyFile(t, dir, "config.yaml")
		})
	}
}

func TestWriteFileKeepsASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles-config.yaml")
	if err := os.WriteFile(target, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "config.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symlinks here: %v", err)
	}
	if _, err := WriteFile(link, []byte("new\n")); err != nil {
		t.Fatalf("WriteFile: %v", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a symlink (%v)", link, err)
	}
	if got := readString(t, target); got != "new\n" {
		t.Errorf("link target = %q, want %q", got, "new\n")
	}
}

func TestWriteFileRefusesAFolderThatIsAFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "promoctl")
	if err := os.WriteFile(dir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := WriteFile(filepath.Join(dir, "config.yaml"), []byte("x: 1\n"))
	if err == nil || !strings.Contains(err.Error(), "is not a folder") {
		t.Errorf("WriteFile error = %v, want one saying %s is not a folder", err, dir)
	}
}
