package configcmd

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/output"
	"github.com/promoctl/promoctl/internal/termsafe"
)

// configListOptions are the inputs of config list.
type configListOptions struct {
	*cmdutil.Session
	Doc  *config.Doc // the config file as read
	Keys *cmdutil.APIKeys
}

func newConfigListCmd(f *cmdutil.Factory, run func(context.Context, *configListOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigList
	}
	opts := &configListOptions{}
	return &cobra.Command{
		Use:     "list",
		Aliases: []string{"ls"},
		Short:   "List the profiles of the config file",
		Long: `List the profiles of the config file with their settings; the current profile
is marked with *. API keys are masked; a key the system keychain keeps is
shown as abc…yz (keychain), and -o json and -o csv give token_source
(keychain or config file).`,
		Example: `  promoctl config list
  promoctl config list -o json`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sess, err := f.Start(cmd)
			if err != nil {
				return err
			}
			doc, err := f.ConfigDoc(cmd)
			if err != nil {
				return err
			}
			opts.Session, opts.Doc, opts.Keys = sess, doc, f.APIKeys()
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigList lists the profiles, with the keys the keychain keeps.
func runConfigList(ctx context.Context, opts *configListOptions) error {
	if len(opts.Doc.File.Profiles) == 0 {
		opts.NoteMsg(i18n.M("config.list.no_profiles", "Path", opts.Doc.Path))
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	return opts.Print(profileList(opts.Doc.File, allKeys(ctx, opts.Keys, opts.Doc), opts.Msg))
}

// profileColumns are the CSV columns of config list.
func profileColumns() []string {
	return append(append([]string{"current", "profile"}, config.Keys()...), "token_source")
}

// profileHeads are the columns of config list's table.
func profileHeads() []output.Head {
	var heads []output.Head
	for _, id := range []string{"current", "profile", "base_url", "api_key", "user_id", "site_id", "output", "timeout", "language"} {
		heads = append(heads, output.Head{ID: "table." + id})
	}
	return heads
}

// profileList shows the profiles with masked tokens; inKeychain holds the
// API keys the keychain keeps, by profile, which win over the file's as
// they do for every command. msg is the run's language, in which a key
// the keychain keeps says so.
func profileList(file *config.File, inKeychain map[string]string, msg *i18n.Printer) output.Data {
	type item struct {
		Current     bool   `json:"current"`
		Profile     string `json:"profile"`
		BaseURL     string `json:"base_url,omitempty"`
		Token       string `json:"token,omitempty"`
		TokenSource string `json:"token_source,omitempty"`
		UserID      string `json:"user_id,omitempty"`
		SiteID      string `json:"site_id,omitempty"`
		Output      string `json:"output,omitempty"`
		Timeout     string `json:"timeout,omitempty"`
		Language    string `json:"language,omitempty"`
	}
	items := []item{}
	for _, name := range file.ProfileNames() {
		p := file.Profiles[name]
		if p == nil {
			p = &config.Profile{}
		}
		it := item{
			Current: name == file.CurrentProfile, Profile: name,
			BaseURL: p.BaseURL, UserID: p.UserID,
			SiteID: p.SiteID, Output: p.Output, Timeout: p.Timeout, Language: p.Language,
		}
		switch {
		case inKeychain[name] != "":
			it.Token, it.TokenSource = config.MaskToken(inKeychain[name]), keptInKeychain
		case p.Token != "":
			it.Token, it.TokenSource = config.MaskToken(p.Token), keptInFile
		}
		items = append(items, it)
	}
	j, _ := json.Marshal(items)
	row := func(it item, mark string) []string {
		return []string{mark, it.Profile, it.BaseURL, it.Token, it.UserID, it.SiteID, it.Output, it.Timeout, it.Language}
	}
	return output.Data{
		JSON: j,
		Tables: func() ([]output.Grid, error) {
			heads := profileHeads()
			g := output.Grid{Header: output.English(heads, false), Heads: heads}
			for _, it := range items {
				mark := ""
				if it.Current {
					mark = "*"
				}
				r := row(it, mark)
				for i := range r {
					r[i] = termsafe.String(r[i])
				}
				if it.TokenSource == keptInKeychain {
					// Every other value of the table is the file's.
					r[3] = msg.Say(i18n.M("config.in_keychain", "Token", r[3]))
				}
				g.Rows = append(g.Rows, r)
			}
			return []output.Grid{g}, nil
		},
		CSV: func() (output.Grid, error) {
			g := output.Grid{Header: profileColumns()}
			for _, it := range items {
				g.Rows = append(g.Rows, append(row(it, fmt.Sprint(it.Current)), it.TokenSource))
			}
			return g, nil
		},
	}
}
