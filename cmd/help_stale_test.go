package cmd

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
	"github.com/promoctl/promoctl/internal/i18n"
)

// helpSourcesFile records, for every Russian help text of help.ru.toml, a
// short hash of the English it translates: one a line, the id, a tab, the
// hash. TestHelpTranslationsCurrent fails when the English of a translated
// command or flag changes, so that its Russian is re-read.
const helpSourcesFile = "testdata/help-ru-sources.txt"

// helpSourceHash is the short hash of an English help text.
func helpSourceHash(english string) string {
	sum := sha256.Sum256([]byte(english))
	return hex.EncodeToString(sum[:5])
}

// TestHelpTranslationsCurrent fails for each Russian help text whose
// English has changed (or is new) since helpSourcesFile recorded it, and
// for each record whose translation is gone. Once the Russian says what
// the English says, record the English with
//
//	go test ./cmd -run TestHelpTranslationsCurrent -update
func TestHelpTranslationsCurrent(t *testing.T) {
	ru, err := i18n.Catalog(i18n.Russian)
	if err != nil {
		t.Fatal(err)
	}
	root := DocsTree()
	helplang.WithCobraCommands(root)
	english := map[string]string{}
	source := func(id, en, where string) {
		if _, ok := ru[id]; !ok {
			return
		}
		if prev, ok := english[id]; ok && prev != en {
			t.Errorf("%s translates two English texts (%s has another): give it its own id, flag.<path>.<flag>", id, where)
			return
		}
		english[id] = en
	}
	helplang.Walk(root, func(c *cobra.Command) {
		key := helplang.Key(c)
		source("help."+key+".short", c.Short, key)
		source("help."+key+".long", c.Long, key)
		source("help."+key+".example", c.Example, key)
		c.LocalFlags().VisitAll(func(fl *pflag.Flag) {
			if fl.Name == "help" {
				return
			}
			id := "flag." + key + "." + fl.Name
			if _, ok := ru[id]; !ok {
				id = "flag." + fl.Name
			}
			source(id, fl.Usage, key+" --"+fl.Name)
		})
	})
	var lines []string
	for id, en := range english {
		lines = append(lines, id+"\t"+helpSourceHash(en))
	}
	slices.Sort(lines)
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		head := "# The English that each Russian help text of help.ru.toml translates, as\n" +
			"# a short hash (TestHelpTranslationsCurrent in cmd/help_stale_test.go).\n"
		if err := os.WriteFile(helpSourcesFile, []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	recorded := readAllowlist(t, helpSourcesFile)
	for _, l := range lines {
		if !recorded[l] {
			id, _, _ := strings.Cut(l, "\t")
			t.Errorf("the English of %s is new or changed since its Russian was written: make help.ru.toml's %s say the same, then record it with go test ./cmd -run TestHelpTranslationsCurrent -update", id, id)
		}
	}
	for l := range recorded {
		if !slices.Contains(lines, l) {
			if id, _, _ := strings.Cut(l, "\t"); english[id] == "" {
				t.Errorf("%s records %s, which has no Russian help: remove it (-update)", helpSourcesFile, id)
			}
		}
	}
}
