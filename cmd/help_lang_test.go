package cmd

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
	"github.com/promoctl/promoctl/internal/i18n"
)

// untranslatedHelpFile lists the help texts (ids of help.ru.toml) that are
// still English in Russian: long descriptions and examples not translated
// yet. It only shrinks: TestHelpTranslated fails for an id listed there
// that has a translation.
const untranslatedHelpFile = "../internal/i18n/testdata/help-untranslated.txt"

// TestHelpTranslated walks the command tree as users see it and fails for
// every command or flag whose help has no Russian (help.<path>.short|long|
// example, flag.<path>.<flag> or flag.<flag>), unless it is listed in
// untranslatedHelpFile, and for every Russian help entry whose command or
// flag is gone.
func TestHelpTranslated(t *testing.T) {
	ru, err := i18n.Catalog(i18n.Russian)
	if err != nil {
		t.Fatal(err)
	}
	allowed := readAllowlist(t, untranslatedHelpFile)
	root := DocsTree()
	helplang.WithCobraCommands(root)
	used := map[string]bool{}
	need := func(id string) {
		used[id] = true
		_, has := ru[id]
		switch {
		case !has && !allowed[id]:
			t.Errorf("help.ru.toml has no %s", id)
		case has && allowed[id]:
			t.Errorf("%s is translated: remove it from %s", id, untranslatedHelpFile)
		}
	}
	helplang.Walk(root, func(c *cobra.Command) {
		key := helplang.Key(c)
		need("help." + key + ".short")
		if c.Long != "" {
			need("help." + key + ".long")
		}
		if c.Example != "" {
			need("help." + key + ".example")
		}
		c.LocalFlags().VisitAll(func(fl *pflag.Flag) {
			if fl.Name == "help" {
				return
			}
			id := "flag." + key + "." + fl.Name
			if _, ok := ru[id]; !ok {
				if _, ok := ru["flag."+fl.Name]; ok {
					id = "flag." + fl.Name
				}
			}
			need(id)
			// The name of its value's type, unless its help names it.
			if t := fl.Value.Type(); t != "bool" && !strings.Contains(fl.Usage, "`") {
				need("help.usage.type." + t)
				used["help.value."+fl.Name] = true // its name by meaning, when it has one
			}
		})
		for _, g := range c.Groups() {
			need("group." + g.ID)
		}
	})
	for id := range allowed {
		if !used[id] {
			t.Errorf("%s lists %s, which the command tree does not have", untranslatedHelpFile, id)
		}
	}
	for id := range ru {
		if (strings.HasPrefix(id, "help.") || strings.HasPrefix(id, "flag.") || strings.HasPrefix(id, "group.")) &&
			!strings.HasPrefix(id, "help.usage.") && id != "help.flag.help" && !used[id] {
			t.Errorf("help.ru.toml has %s, which no command or flag uses", id)
		}
	}
}

// readAllowlist reads a file of ids, one a line; # starts a comment.
func readAllowlist(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			out[line] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestHelpLanguage: help is Russian with a Russian locale or
// PROMOCTL_LANG=ru, English with LC_ALL=C or no locale, and PROMOCTL_LANG
// wins over the locale.
func TestHelpLanguage(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		ru   bool
	}{
		{"LANG ru", map[string]string{"LANG": "ru_RU.UTF-8"}, true},
		{"LC_ALL C over LANG ru", map[string]string{"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, false},
		{"LC_MESSAGES ru over LANG en", map[string]string{"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, true},
		{"empty LC_ALL is not set", map[string]string{"LC_ALL": "", "LANG": "ru_RU.UTF-8"}, true},
		{"no locale", map[string]string{}, false},
		{"POSIX", map[string]string{"LANG": "POSIX"}, false},
		{"PROMOCTL_LANG ru over C", map[string]string{"LC_ALL": "C", "PROMOCTL_LANG": "ru"}, true},
		{"PROMOCTL_LANG en over ru", map[string]string{"LANG": "ru_RU.UTF-8", "PROMOCTL_LANG": "en"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t)
			for k, v := range tc.env {
				r.Env[k] = v
			}
			res := r.Run("promo", "--help")
			if res.Code != 0 || res.Stderr != "" {
				t.Fatalf("exit %d, stderr %q", res.Code, res.Stderr)
			}
			ru := strings.Contains(res.Stdout, "Использование:") && strings.Contains(res.Stdout, "Показать промокоды сайта")
			en := strings.Contains(res.Stdout, "Usage:") && strings.Contains(res.Stdout, "List the promo codes of a site")
			if ru != tc.ru || en == tc.ru {
				t.Errorf("Russian %t, English %t, want Russian %t:\n%s", ru, en, tc.ru, res.Stdout)
			}
		})
	}
}

// TestRussianFlagListsAligned: in Russian help every flag's help starts
// in the same column of its list, counted in letters (the type names are
// Cyrillic, and pflag counts bytes), and no flag keeps an English type
// name that the catalog says.
func TestRussianFlagListsAligned(t *testing.T) {
	for _, args := range [][]string{{"promo", "list", "--help"}, {"promo", "generate", "--help"}, {"sandbox", "serve", "--help"}} {
		r := newRunner(t)
		r.Env["PROMOCTL_LANG"] = "ru"
		res := r.Run(args...)
		if res.Code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, res.Code, res.Stderr)
		}
		col, lists := -1, 0
		for _, line := range strings.Split(res.Stdout, "\n") {
			trimmed := strings.TrimLeft(line, " ")
			switch {
			case line == "Флаги:" || line == "Общие флаги:":
				col, lists = -2, lists+1 // a list begins
				continue
			case line == "":
				col = -1
				continue
			case col == -1 || !strings.HasPrefix(trimmed, "-"):
				continue
			}
			if regexp.MustCompile(`^(-\w, )?--[\w-]+ (string|int|float|duration|stringArray) `).MatchString(trimmed) {
				t.Errorf("%v: an English type name: %q", args, line)
			}
			left := len(line) - len(trimmed) + strings.Index(trimmed, "  ")
			rest := strings.TrimLeft(line[left:], " ")
			at := utf8.RuneCountInString(line[:len(line)-len(rest)])
			if col >= 0 && at != col {
				t.Errorf("%v: help of %q starts at letter %d, the one above at %d", args, strings.Fields(line)[0], at, col)
			}
			col = at
		}
		if lists != 2 {
			t.Errorf("%v: %d lists of flags, want 2:\n%s", args, lists, res.Stdout)
		}
	}
}
