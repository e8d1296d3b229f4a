package cmdutil

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/format"
	"github.com/promoctl/promoctl/internal/records"
	"github.com/promoctl/promoctl/internal/sandbox"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// Shell completion. The scripts (`promoctl completion bash|zsh|fish|
// powershell`, cmd/completion, committed in completions/) call `promoctl
// __complete ARGS…`, which cobra answers with the functions each verb
// declares. What more than one noun completes is here: site ids fetched
// with the configured credentials (or the sandbox with --sandbox),
// profile names, sandbox users, the global flags' values, and the parts
// the nouns' own completions are made of (the Completer's quiet client,
// CompletionSites, Candidate, FixedCompletions, FirstArg); promo code ids,
// page ids and api's paths are completed by their nouns.
//
// Completion never gets in the way of typing: it gives up after
// completionTimeout whatever --timeout says, never prompts, and never
// prints anything but the candidates. Any failure (not logged in, no
// network, an API error, a broken config file) completes nothing, with
// ShellCompDirectiveNoFileComp so that the shell does not offer file names
// instead.

// completionTimeout bounds the requests of one completion, including
// waiting for the sandbox's data file.
const completionTimeout = 2 * time.Second

// IsCompletionRequest reports whether args are a completion script's
// request (cobra's hidden __complete and __completeNoDesc commands).
func IsCompletionRequest(args []string) bool {
	return len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd)
}

// Completer is what the dynamic completions need, as functions called
// only once a completion runs, after the command line's flags are parsed.
// Each keeps stderr quiet: no --debug log, no config warnings.
type Completer struct {
	// Client returns an API client with the settings of the command line
	// being completed, and a context that ends after completionTimeout;
	// ok is false when there is none (not logged in, a broken config).
	// cancel also releases what the client opened (the sandbox's data
	// file): call it once the completion is done.
	Client func(cmd *cobra.Command) (ctx context.Context, cancel context.CancelFunc, c *api.Client, s *config.Settings, ok bool)
	// ConfigPath is the config file of the command line.
	ConfigPath func(cmd *cobra.Command) (string, error)
	// Sandbox reports whether --sandbox is given.
	Sandbox func() bool
}

// NewCompleter builds the completions of a run on its factory, leaving
// the factory as it was. It fails instead of prompting, and never writes
// to stderr. Under `sandbox` (sandbox redeem --site-id) the sandbox is
// used, as the command itself does.
func NewCompleter(f *Factory) *Completer {
	budget := f.opts.CompletionTimeout
	if budget <= 0 {
		budget = completionTimeout
	}
	client := func(cmd *cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
		return completionClient(f, budget, cmd)
	}
	return &Completer{
		Client: client,
		ConfigPath: func(cmd *cobra.Command) (string, error) {
			path, _, err := f.Resolver(cmd).Path()
			return path, err
		},
		Sandbox: func() bool { return f.Global.Sandbox },
	}
}

// completionClient is Completer.Client on f: the client of cmd's
// settings, and a context that ends after budget.
func completionClient(f *Factory, budget time.Duration, cmd *cobra.Command) (context.Context, context.CancelFunc, *api.Client, *config.Settings, bool) {
	ctx, cancel := context.WithTimeout(cmd.Context(), budget)
	var (
		s   *config.Settings
		c   = conn{quiet: true}
		err error
	)
	if f.Global.Sandbox || isSandboxCmd(cmd) {
		var release func()
		s, c.transport, release, err = completionSandbox(ctx, f, budget, cmd)
		if release != nil {
			stop := cancel
			cancel = func() {
				stop()
				release()
			}
		}
		if err != nil {
			return ctx, cancel, nil, nil, false
		}
	} else if s, err = f.Settings(cmd); err != nil {
		return ctx, cancel, nil, nil, false
	}
	client, err := f.newClient(s, c)
	if err != nil {
		return ctx, cancel, nil, nil, false
	}
	return ctx, cancel, client, s, true
}

// completionSandbox opens a sandbox of the completion's own on the data
// file the command would use: silently, waiting for its lock (another
// process may hold it) no longer than budget. It gives the settings, the
// transport to the sandbox and release, which closes it (nil when nothing
// was opened).
func completionSandbox(ctx context.Context, f *Factory, budget time.Duration, cmd *cobra.Command) (*config.Settings, http.RoundTripper, func(), error) {
	data, err := SandboxData(cmd, f.Global.SandboxData)
	if err != nil {
		return nil, nil, nil, err
	}
	local := NewLocalSandbox(SandboxDataPath(data, f.Env), f.Env, io.Discard)
	local.lockWait = budget
	var s *config.Settings
	if f.Global.Sandbox {
		s, err = f.Settings(cmd)
	} else {
		// Resolved as --sandbox would, without switching the run.
		r := config.NewResolver(config.Lookup{Flags: cmd.Flags(), Env: f.Env, Sandbox: true, Formats: f.Formats()})
		s, err = resolveSettings(cmd, r, true, f.Global.SandboxData, func() (*config.Doc, error) { return f.ConfigDoc(cmd) })
	}
	if err != nil {
		return nil, nil, local.Close, err
	}
	transport, err := local.Connect(ctx, s)
	if err != nil {
		return nil, nil, local.Close, err
	}
	return s, transport, local.Close, nil
}

// Completions are the completion functions of the run, built on first
// use; a verb names the ones it wants (ValidArgsFunction, CompleteFlag).
func (f *Factory) Completions() *Completer {
	if f.completer == nil {
		f.completer = NewCompleter(f)
	}
	return f.completer
}

// CompleteFlag declares how c's flag name completes. It registers the
// function only for a completion request: cobra keeps flag completion
// functions in a process-wide table, which other runs have no use for.
func (f *Factory) CompleteFlag(c *cobra.Command, name string, fn cobra.CompletionFunc) {
	if f.Completing {
		_ = c.RegisterFlagCompletionFunc(name, fn) // the flag exists: no error
	}
}

// RegisterCompletions gives what the verbs did not declare its default,
// for a completion request: a command without subcommands or
// ValidArgsFunction completes nothing, and so does a value flag without a
// completion function or a file annotation (MarkFlagFilename: the shell
// completes file names).
func RegisterCompletions(root *cobra.Command) {
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

func FixedCompletions(choices []cobra.Completion) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return withPrefix(choices, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// outputChoices are the run's formats and what each is.
func outputChoices(formats format.Set) []cobra.Completion {
	var out []cobra.Completion
	for _, f := range formats {
		out = append(out, cobra.CompletionWithDesc(string(f.Name), f.Description))
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

// CompleteSiteIDs completes a site id, described by the site's name (the
// API does not document site records: the first of name, title and domain
// is used). It completes --site-id and `site get ID`.
func (c *Completer) CompleteSiteIDs(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	ctx, cancel, client, _, ok := c.Client(cmd)
	defer cancel()
	if !ok {
		return nothing()
	}
	raw, err := client.ListSites(ctx)
	if err != nil {
		return nothing()
	}
	return RecordCompletions(raw, toComplete, "name", "title", "domain"), cobra.ShellCompDirectiveNoFileComp
}

// CompletionSites are the sites whose promo codes or pages complete an id:
// the configured one; on the sandbox, which has no default site, every
// site its user can view.
func CompletionSites(ctx context.Context, client *api.Client, s *config.Settings) []int64 {
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

// CompleteProfiles completes the name of a profile of the config file,
// marking the current one. It completes --profile. (`config use` has its
// own completion in config.go.)
func (c *Completer) CompleteProfiles(cmd *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
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
			desc = "current profile"
		}
		out = append(out, Candidate(name, desc))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// CompleteUserIDs completes --user-id with the sandbox's users when
// --sandbox is given, and nothing otherwise.
func (c *Completer) CompleteUserIDs(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if !c.Sandbox() {
		return nothing()
	}
	var out []cobra.Completion
	for _, c := range sandbox.Credentials() {
		out = append(out, Candidate(strconv.FormatInt(c.UserID, 10), "sandbox user: "+c.Sites))
	}
	return withPrefix(out, toComplete), cobra.ShellCompDirectiveNoFileComp
}

// RecordCompletions turns a list of records whose shape the API does not
// document (sites, pages) into candidates: the id, described by the first
// of descKeys the record has. The list is read by records.Refs, as the
// site and page tables and the create wizard read it.
func RecordCompletions(raw json.RawMessage, toComplete string, descKeys ...string) []cobra.Completion {
	refs, _, _ := records.Refs(raw, descKeys...)
	var out []cobra.Completion
	for _, r := range refs {
		if strings.HasPrefix(r.ID, toComplete) {
			out = append(out, Candidate(r.ID, r.Name))
		}
	}
	return out
}
