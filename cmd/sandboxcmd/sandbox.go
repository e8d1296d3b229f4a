// Package sandboxcmd is the sandbox command: serve, reset and redeem on
// the local sandbox. Named sandboxcmd: it imports internal/sandbox.
package sandboxcmd

import (
	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
)

func NewCmd(f *cmdutil.Factory) *cobra.Command {
	c := &cobra.Command{
		Use:   "sandbox",
		Short: "Run the built-in API sandbox",
		Long: `The sandbox is a complete local implementation of the API with persistent
demo data: sites, pages, products, promo codes and their usage statistics.
Try any command on it with the global --sandbox flag (no account, no
network), or run it as a server with 'promoctl sandbox serve'.

Credentials: user 1 with token "sandbox" can view sites 1 and 2; user 2
with token "sandbox-2" owns site 3. --sandbox uses user 1 unless --user-id 2
is given.

--sandbox is a world apart from your account: it ignores the base_url,
token, user_id and site_id of the config file and of PROMOCTL_* variables,
so give --site-id. --token and --base-url cannot be used with it.

The data file is $XDG_STATE_HOME/promoctl/sandbox.db unless --sandbox-data
or PROMOCTL_SANDBOX_DATA names another; serve, redeem and reset take
--data. One process uses a data file at a time: while 'sandbox serve' runs,
talk to it with --base-url (sandbox redeem too), or use another file.

To rehearse bulk work under bad conditions, put on faults: a rate limit,
latency, slow creates, a lagging list, creates that go unanswered.
'sandbox serve' takes them as flags; PROMOCTL_SANDBOX_RATE_LIMIT,
PROMOCTL_SANDBOX_LATENCY, PROMOCTL_SANDBOX_CREATE_LATENCY,
PROMOCTL_SANDBOX_LIST_LAG and PROMOCTL_SANDBOX_DROP_AFTER_CREATE put them
on --sandbox too (see 'promoctl sandbox serve --help').`,
		Example: `  promoctl --sandbox promo list --site-id 1
  promoctl --sandbox --user-id 2 promo list --site-id 3
  promoctl --sandbox --sandbox-data ./demo.db promo list --site-id 1
  promoctl sandbox serve --addr 127.0.0.1:8787`,
		RunE: cmdutil.GroupRun,
	}
	c.AddCommand(newSandboxServeCmd(f, nil), newSandboxRedeemCmd(f, nil), newSandboxResetCmd(f, nil))
	return c
}

// dataFlag adds --data, the data file of a sandbox command: the same as
// the global --sandbox-data (cmdutil.SandboxData reads both).
func dataFlag(c *cobra.Command) {
	c.Flags().String("data", "", "data file (default $PROMOCTL_SANDBOX_DATA, else $XDG_STATE_HOME/promoctl/sandbox.db)")
	_ = c.MarkFlagFilename("data") // the flag exists: no error
}
