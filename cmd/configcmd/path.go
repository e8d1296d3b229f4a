package configcmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// configPathOptions are the inputs of config path.
type configPathOptions struct {
	IO   *iostreams.IOStreams
	Path string
}

func newConfigPathCmd(f *cmdutil.Factory, run func(context.Context, *configPathOptions) error) *cobra.Command {
	if run == nil {
		run = runConfigPath
	}
	opts := &configPathOptions{}
	return &cobra.Command{
		Use:   "path",
		Short: "Print the path of the config file",
		Long:  "Print the path of the config file promoctl reads: --config, else $PROMOCTL_CONFIG, else $XDG_CONFIG_HOME/promoctl/config.yaml (~/.config/promoctl/config.yaml). The file need not exist yet.",
		Example: `  promoctl config path
  "$EDITOR" "$(promoctl config path)"`,
		Args: cmdutil.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			path, _, err := f.Resolver(cmd).Path()
			if err != nil {
				return err
			}
			opts.IO, opts.Path = f.IO, path
			return run(cmd.Context(), opts)
		},
	}
}

// runConfigPath prints the path of the config file.
func runConfigPath(_ context.Context, opts *configPathOptions) error {
	_, err := fmt.Fprintln(opts.IO.Out, opts.Path)
	return err
}
