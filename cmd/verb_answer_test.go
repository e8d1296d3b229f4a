package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/helplang"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// examplesInLong are the verbs whose examples are their Long's own lines:
// the shell scripts' commands, whose help is cobra's (cmd/completion).
var examplesInLong = map[string]bool{
	"promoctl completion bash": true, "promoctl completion fish": true,
	"promoctl completion powershell": true, "promoctl completion zsh": true,
}

// TestEveryVerbIsAsTheMapSays keeps docs/architecture.md's answer to "how
// do I add a verb" true for every verb of the tree: it has a one-line
// summary and --help examples, returns its error (RunE) for Execute to say
// and map to an exit code, and has its page in the generated docs
// (docs/commands, by go generate).
func TestEveryVerbIsAsTheMapSays(t *testing.T) {
	f := cmdutil.NewFactory(cmdutil.Options{IO: &iostreams.IOStreams{In: &bytes.Buffer{}, Out: &bytes.Buffer{}, ErrOut: &bytes.Buffer{}}})
	root := newTree(f)
	verbs := 0
	helplang.Walk(root, func(c *cobra.Command) {
		if !c.Runnable() || c.Hidden || c.HasSubCommands() || c.Name() == "help" {
			return
		}
		verbs++
		path := c.CommandPath()
		if c.Short == "" {
			t.Errorf("%s has no Short", path)
		}
		if strings.TrimSpace(c.Example) == "" && !examplesInLong[path] {
			t.Errorf("%s has no examples in its --help (Example)", path)
		}
		if c.RunE == nil || c.Run != nil {
			t.Errorf("%s does not return its error (RunE)", path)
		}
		page := filepath.Join("..", "docs", "commands", strings.ReplaceAll(path, " ", "_")+".md")
		if _, err := os.Stat(page); err != nil {
			t.Errorf("%s has no page in the generated docs: %v (go generate ./...)", path, err)
		}
	})
	if verbs < 30 {
		t.Errorf("walked %d verbs, want the whole tree's (30 or more)", verbs)
	}
}
