// Package helplang puts the run's language over the English help of the
// command tree (help.<lang>.toml, keyed by the command's path), before
// cobra renders any help.
package helplang

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
)

// The help of the command tree is written in English in the code (the
// generated docs/commands and docs/man are English); Translate puts
// another language's over it once the run's language is known, before
// cobra renders any help. help.ru.toml keys it by the command's path:
//
//	help.promo.list.short, help.promo.list.long, help.promo.list.example
//	flag.promo.list.status    (a flag of promo list; the root's: flag.promoctl.jq)
//	group.shop                (the title of a group of commands)
//
// What the catalog does not have stays English; TestHelpTranslated names
// every command and flag without a translation, and every translation
// whose command or flag is gone.

// Key is the key of a command's help: its path without the program's
// name, dotted ("promo.list"); the root's is "promoctl".
func Key(c *cobra.Command) string {
	if !c.HasParent() {
		return c.Name()
	}
	return strings.ReplaceAll(strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" "), " ", ".")
}

// WithCobraCommands adds what cobra adds to a tree only when it runs (the
// help command, each command's --help), so that their help can be
// translated too.
func WithCobraCommands(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	Walk(root, func(c *cobra.Command) { c.InitDefaultHelpFlag() })
}

// Walk calls fn for c and every command under it.
func Walk(c *cobra.Command, fn func(*cobra.Command)) {
	fn(c)
	for _, s := range c.Commands() {
		Walk(s, fn)
	}
}

// Translate puts p's language over the English help of the tree under
// root: every command's descriptions and examples, its flags' usage, the
// titles of its groups, and the words of cobra's usage template. English
// is left as it is. A text that lists the output formats has them as
// {{.Formats}}: the run's (formats), as the language lists choices.
func Translate(root *cobra.Command, p *i18n.Printer, formats format.Set) {
	if p.Lang() == i18n.English {
		return
	}
	WithCobraCommands(root)
	list := OrList(p, formats.Names())
	Walk(root, func(c *cobra.Command) {
		key := Key(c)
		set := func(field *string, id string) {
			if p.Has(id) {
				*field = p.T(id, "Formats", list)
			}
		}
		set(&c.Short, "help."+key+".short")
		set(&c.Long, "help."+key+".long")
		set(&c.Example, "help."+key+".example")
		c.LocalFlags().VisitAll(func(fl *pflag.Flag) {
			if fl.Name == "help" {
				fl.Usage = p.T("help.flag.help", "Command", c.Name())
				return
			}
			if id := "flag." + key + "." + fl.Name; p.Has(id) {
				fl.Usage = p.T(id, "Formats", list)
			} else {
				set(&fl.Usage, "flag."+fl.Name)
			}
		})
		for _, g := range c.Groups() {
			set(&g.Title, "group."+g.ID)
		}
		c.SetUsageFunc(func(c *cobra.Command) error { return usage(c.OutOrStderr(), c, p) })
	})
}

// usage is cobra's usage template (defaultUsageFunc, cobra 1.10) with its
// words in p's language.
func usage(w io.Writer, c *cobra.Command, p *i18n.Printer) error {
	var b strings.Builder
	b.WriteString(p.T("help.usage.usage"))
	if c.Runnable() {
		line := c.UseLine()
		if l, ok := strings.CutSuffix(line, " [flags]"); ok {
			line = l + " " + p.T("help.usage.flags_arg")
		}
		fmt.Fprintf(&b, "\n  %s", line)
	}
	if c.HasAvailableSubCommands() {
		fmt.Fprintf(&b, "\n  %s %s", c.CommandPath(), p.T("help.usage.command"))
	}
	if len(c.Aliases) > 0 {
		fmt.Fprintf(&b, "\n\n%s\n  %s", p.T("help.usage.aliases"), c.NameAndAliases())
	}
	if c.HasExample() {
		fmt.Fprintf(&b, "\n\n%s\n%s", p.T("help.usage.examples"), c.Example)
	}
	if c.HasAvailableSubCommands() {
		line := func(s *cobra.Command) { fmt.Fprintf(&b, "\n  %-*s %s", s.NamePadding(), s.Name(), s.Short) }
		shown := func(s *cobra.Command) bool { return s.IsAvailableCommand() || s.Name() == "help" }
		if len(c.Groups()) == 0 {
			b.WriteString("\n\n" + p.T("help.usage.commands"))
			for _, s := range c.Commands() {
				if shown(s) {
					line(s)
				}
			}
		} else {
			for _, g := range c.Groups() {
				b.WriteString("\n\n" + g.Title)
				for _, s := range c.Commands() {
					if s.GroupID == g.ID && shown(s) {
						line(s)
					}
				}
			}
			if !c.AllChildCommandsHaveGroup() {
				b.WriteString("\n\n" + p.T("help.usage.additional_commands"))
				for _, s := range c.Commands() {
					if s.GroupID == "" && shown(s) {
						line(s)
					}
				}
			}
		}
	}
	if c.HasAvailableLocalFlags() {
		fmt.Fprintf(&b, "\n\n%s\n%s", p.T("help.usage.flags"), flagUsages(c.LocalFlags(), p))
	}
	if c.HasAvailableInheritedFlags() {
		fmt.Fprintf(&b, "\n\n%s\n%s", p.T("help.usage.global_flags"), flagUsages(c.InheritedFlags(), p))
	}
	if c.HasHelpSubCommands() {
		b.WriteString("\n\n" + p.T("help.usage.help_topics"))
		for _, s := range c.Commands() {
			if s.IsAdditionalHelpTopicCommand() {
				fmt.Fprintf(&b, "\n  %-*s %s", s.CommandPathPadding(), s.CommandPath(), s.Short)
			}
		}
	}
	if c.HasAvailableSubCommands() {
		b.WriteString("\n\n" + p.T("help.usage.more", "Command", c.CommandPath()))
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// flagUsages is pflag's list of flags, with its "(default …)" and the
// names of its values in p's language: by meaning (help.value.<flag>:
// ДАТА, ФАЙЛ) or else by type (help.usage.type.<type>: ТЕКСТ, ЧИСЛО).
func flagUsages(fs *pflag.FlagSet, p *i18n.Printer) string {
	said := pflag.NewFlagSet(fs.Name(), pflag.ContinueOnError)
	said.SortFlags = fs.SortFlags
	fs.VisitAll(func(fl *pflag.Flag) {
		c := *fl
		if id := "help.usage.type." + fl.Value.Type(); !strings.Contains(fl.Usage, "`") && p.Has(id) {
			// The value's name by what it means (ДАТА, ФАЙЛ) where the
			// language names it, else by its type (ТЕКСТ, ЧИСЛО).
			name := p.T(id)
			if v := "help.value." + fl.Name; p.Has(v) {
				name = p.T(v)
			}
			c.Value = typeNamed{fl.Value, name}
			switch {
			case c.DefValue == "0s" || c.DefValue == "[]":
				c.DefValue = "" // what pflag's own type knows as no default
			case fl.Value.Type() == "string" && c.DefValue != "":
				c.DefValue = strconv.Quote(c.DefValue) // as pflag writes a string's
			}
		}
		said.AddFlag(&c)
	})
	s := strings.TrimRightFunc(alignUsages(said.FlagUsages()), func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' })
	return strings.ReplaceAll(s, " (default ", " ("+p.T("help.usage.default")+" ")
}

// alignUsages aligns pflag's list of flags by the letters of its lines:
// pflag counts bytes, and a Cyrillic letter is two. A flag's line is its
// names and value type, then at least two spaces, then its help; a line
// that begins with spaces only continues the help above.
func alignUsages(s string) string {
	lines := strings.Split(s, "\n")
	lefts := make([]string, len(lines))
	widest, col := 0, 0
	for i, l := range lines {
		// pflag indents a flag by 2 or 6 spaces, the lines that continue
		// a help by more.
		start := len(l) - len(strings.TrimLeft(l, " "))
		if start == len(l) || start > 6 || l[start] != '-' {
			continue
		}
		end := strings.Index(l[start:], "  ")
		if end < 0 {
			continue
		}
		lefts[i], lines[i] = l[:start+end], strings.TrimLeft(l[start+end:], " ")
		widest = max(widest, utf8.RuneCountInString(lefts[i]))
		col = max(col, len(l)-len(lines[i]))
	}
	// pflag puts the help three spaces after the widest line.
	gap := 3
	for i, l := range lines {
		switch {
		case lefts[i] != "":
			lines[i] = lefts[i] + strings.Repeat(" ", widest+gap-utf8.RuneCountInString(lefts[i])) + l
		case strings.HasPrefix(l, strings.Repeat(" ", col)) && col > 0:
			lines[i] = strings.Repeat(" ", widest+gap) + l[col:]
		}
	}
	return strings.Join(lines, "\n")
}

// typeNamed is a flag's value whose type pflag's list names as name.
type typeNamed struct {
	pflag.Value
	name string
}

func (t typeNamed) Type() string { return t.name }

// OrList is items as p's language lists choices: "a, b or c", "a, b или c"
// (list.or).
func OrList(p *i18n.Printer, items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	last := len(items) - 1
	return p.T("list.or", "Items", strings.Join(items[:last], ", "), "Last", items[last])
}
