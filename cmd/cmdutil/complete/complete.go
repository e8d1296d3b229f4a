// Package complete is shell completion's machinery: the completer of a
// run (its quiet client, the config file, --sandbox, as functions the
// factory fills in: cmdutil.Factory.Completions), what more than one noun
// completes (site ids, profiles, sandbox users), and the parts the
// nouns' own completions are made of (Candidate, Fixed, FirstArg, Sites,
// Records). The scripts (`promoctl completion bash|zsh|fish|powershell`,
// cmd/completion, committed in completions/) call `promoctl __complete
// ARGS…`, which cobra answers with the functions each verb declares;
// promo code ids, page ids and api's paths are completed by their nouns.
//
// Completion never gets in the way of typing: it gives up after its
// budget whatever --timeout says, never prompts, and never prints anything
// but the candidates. Any failure (not logged in, no network, an API
// error, a broken config file) completes nothing, with
// ShellCompDirectiveNoFileComp so that the shell does not offer file names
// instead.
package complete

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/records"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// IsRequest reports whether args are a completion script's request
// (cobra's hidden __complete and __completeNoDesc commands).
func IsRequest(args []string) bool {
	return len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd)
}

// Completer is what the dynamic completions need, as functions called
// only once a completion runs, after the command line's flags are parsed.
// Each keeps stderr quiet: no --debug log, no config warnings.
type Completer struct {
	// Client returns an API client with the settings of the command line
	// being completed, and a context that ends after its budget;
	// ok is false when there is none (not logged in, a broken config).
	// cancel also releases what the client opened (the sandbox's data
	// file): call it once the completion is done.
	Client func(cmd *cobra.Command) (ctx context.Context, cancel context.CancelFunc, c *api.Client, s *config.Settings, ok bool)
	// ConfigPath is the config file of the command line.
	ConfigPath func(cmd *cobra.Command) (string, error)
	// Sandbox reports whether --sandbox is given.
	Sandbox func() bool
	// Msg is the run's language, which the candidates' descriptions are
	// said in.
	Msg *i18n.Printer
}

// Register gives what the verbs did not declare its default,
// for a completion request: a command without subcommands or
// ValidArgsFunction completes nothing, and so does a value flag without a
// completion function or a file annotation (MarkFlagFilename: the shell
// completes file names).
func Register(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.ValidArgsFunction == nil && len(c.ValidArgs) == 0 && !c.HasSubCommands() {
			c.ValidArgsFunction = cobra.NoFileCompletions
		}
		register := func(fl *pflag.Flag) {
			if _, ok := c.GetFlagCompletionFunc(fl.Name); ok || fl.Value.Type() == "bool" || len(fl.Annotations) > 0 {
				return
			}
			_ = c.RegisterFlagCompletionFunc(fl.Name, cobra.NoFileCompletions) // the flag exists: no error
		}
		c.LocalNonPersistentFlags().VisitAll(register)
		c.PersistentFlags().VisitAll(register)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// Fixed completes with choices, those that start with what is typed.
func Fixed(choices []cobra.Completion) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(choices, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// OutputChoices are the run's formats and what each is, said in p's
// language (a format the catalogs do not know is described by its Spec).
func OutputChoices(p *i18n.Printer, formats format.Set) []cobra.Completion {
	var out []cobra.Completion
	for _, f := range formats {
		desc := f.Description
		if id := "complete.format." + string(f.Name); p.Has(id) {
			desc = p.T(id)
		}
		out = append(out, cobra.CompletionWithDesc(string(f.Name), desc))
	}
	return out
}

// withPrefix keeps the candidates whose value starts with prefix.
func withPrefix(choices []cobra.Completion, prefix string) []cobra.Completion {
	var out []cobra.Completion
	for _, c := range choices {
		value, _, _ := strings.Cut(c, "\t")
		if strings.HasPrefix(value, prefix) {
			out = append(out, c)
		}
	}
	return out
}

// Candidate is one completion: a value and what it is (terminal-safe,
// none when desc is blank).
func Candidate(value, desc string) cobra.Completion {
	desc = strings.TrimSpace(termsafe.String(desc))
	if desc == "" {
		return value
	}
	return cobra.CompletionWithDesc(value, desc)
}

// FirstArg completes the first positional argument with fn, and nothing
// after it.
func FirstArg(fn cobra.CompletionFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nothing()
		}
		return fn(cmd, args, toComplete)
	}
}

// nothing is a completion that offers nothing, not even file names.
func nothing() ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}

// SiteIDs completes a site id, described by the site's name (the
// API does not document site records: the first of name, title and domain
// is used). It completes --site-id and `site get ID`.
func (c *Completer) SiteIDs(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ctx, cancel, client, _, ok := c.Client(cmd)
	defer cancel()
	if !ok {
		return nothing()
	}
	raw, err := client.ListSites(ctx)
	if err != nil {
		return nothing()
	}
	return Records(raw, toComplete, "name", "title", "domain"), cobra.ShellCompDirectiveNoFileComp
}

// Sites are the sites whose promo codes or pages complete an id:
// the configured one; on the sandbox, which has no default site, every
// site its user can view.
func Sites(ctx context.Context, client *api.Client, s *config.Settings) []int64 {
	switch {
	case s.SiteID != 0:
		return []int64{s.SiteID}
	case !s.Sandbox:
		return nil
	}
	raw, err := client.ListSites(ctx)
	if err != nil {
		return nil
	}
	refs, _, _ := records.Refs(raw)
	var sites []int64
	for _, r := range refs {
		if id := r.Int(); id > 0 {
			sites = append(sites, id)
		}
	}
	return sites
}

// Profiles completes the name of a profile of the config file,
// marking the current one. It completes --profile. (`config use` has its
// own completion in config.go.)
func (c *Completer) Profiles(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	path, err := c.ConfigPath(cmd)
	if err != nil {
		return nothing()
	}
	file, err := config.Load(path)
	if err != nil {
		return nothing()
	}
	var out []cobra.Completion
	for _, name := range file.ProfileNames() {
		if !strings.HasPrefix(name, toComplete) {
			continue
		}
		desc := ""
		if name == file.CurrentProfile {
			desc = c.Msg.T("complete.profile.current")
		}
		out = append(out, Candidate(name, desc))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// UserIDs completes --user-id with the sandbox's users when
// --sandbox is given, and nothing otherwise.
func (c *Completer) UserIDs(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if !c.Sandbox() {
		return nothing()
	}
	var out []cobra.Completion
	for _, cred := range sandbox.Credentials() {
		out = append(out, Candidate(strconv.FormatInt(cred.UserID, 10), c.Msg.Say(i18n.M("complete.sandbox_user", "Sites", cred.SitesMessage()))))
	}
	return withPrefix(out, toComplete), cobra.ShellCompDirectiveNoFileComp
}

// Records turns a list of records whose shape the API does not
// document (sites, pages) into candidates: the id, described by the first
// of descKeys the record has. The list is read by records.Refs, as the
// site and page tables and the create wizard read it.
func Records(raw json.RawMessage, toComplete string, descKeys ...string) []cobra.Completion {
	refs, _, _ := records.Refs(raw, descKeys...)
	var out []cobra.Completion
	for _, r := range refs {
		if strings.HasPrefix(r.ID, toComplete) {
			out = append(out, Candidate(r.ID, r.Name))
		}
	}
	return out
}
