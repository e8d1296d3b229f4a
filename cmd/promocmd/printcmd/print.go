// Package printcmd is promo print: a selection of promo codes laid out as
// cards on printable sheets (internal/sheetpdf), each card's lines said in
// the user's language (print_card.go). Named printcmd: print is Go's
// built-in.
package printcmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode"

	"github.com/spf13/cobra"

	"github.com/promoctl/promoctl/cmd/cmdutil"
	"github.com/promoctl/promoctl/cmd/cmdutil/complete"
	"github.com/promoctl/promoctl/cmd/promocmd/shared"
	"github.com/promoctl/promoctl/internal/api"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/promo"
	"github.com/promoctl/promoctl/internal/sheetpdf"
)

// promoPrintOptions are the inputs of promo print.
type promoPrintOptions struct {
	*cmdutil.Session
	SiteID int64 // --site-id or the configured site_id (the job's with --job); 0 when neither
	// Sel is the selection, as promo list takes it; empty: every code of
	// the site.
	Sel shared.Selection

	Paper   sheetpdf.Paper // --paper
	PerPage int            // --per-page
	Title   string         // --title
	Note    string         // --note
	QR      string         // --qr: a template with {code}; "" for the code itself
	All     bool           // --all: print disabled, expired and used-up codes too
	// TempDir is where the sheet is kept until it is whole; "" for the
	// system's.
	TempDir string
}

// printFlags are the flags of promo print as given, before complete turns
// them into options.
type printFlags struct {
	sel   shared.SelectionFlags
	paper string
}

// NewCmd is promo print; run, when set, is called in place of the run
// (tests).
func NewCmd(f *cmdutil.Factory, run func(context.Context, *promoPrintOptions) error) *cobra.Command {
	if run == nil {
		run = runPromoPrint
	}
	opts := &promoPrintOptions{}
	pf := &printFlags{}
	c := &cobra.Command{
		Use:   "print [CODE_OR_ID...] > FILE.pdf",
		Short: "Print promo codes on coupon sheets: a PDF with a QR code on each card",
		Long: `Write a PDF of coupon cards to stdout, one card per promo code, to print
and cut: parcel inserts, flyers, cards at the till. Stdout must be a file
or a pipe (> sheet.pdf): on a terminal the command refuses.

Every code of the site is printed, or a selection as promo list takes
it. Disabled, expired and used-up codes are left out, and one line on
stderr says how many, unless --all is given. A selection with nothing to
print is an error (exit 2).

A page is --paper A4 (the default), A5 or letter, with a grid of
--per-page cards (1 to 40, default 8) and thin cut marks between them.
A card shows --title, the code in large letters (its zero is slashed, so
that 0 and O, 1 and I cannot be mistaken), the discount in your language
with the site's currency, the dates of the time limit when it is on,
--note, and a QR code. The QR code holds the code itself, or with --qr a
URL made from a template: {code} in it is replaced by each code, and a
template without {code} is refused, since every card's QR code would be
the same.

The text is real text in fonts embedded in the file (the Go fonts,
Cyrillic included): a PDF reader finds and copies every code. The sheet
is written page by page to a temporary file, then to stdout, so that a
failure writes nothing there, and 10,000 codes print in the memory of
one page.

` + shared.SelectionHelp,
		Example: `  promoctl promo print --prefix XMAS --site-id 11111 > xmas.pdf
  promoctl promo print --job 20261201T100000Z-1a2b3c4d --title 'Новогодняя распродажа' > sheet.pdf
  # a URL that applies the code, 24 small cards on letter paper
  promoctl promo print --prefix XMAS --qr 'https://shop.example/cart?promo={code}' \
      --paper letter --per-page 24 --note 'One order per code' > xmas.pdf
  promoctl promo print SUMMER25 WINTER25 --all > two.pdf`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := pf.complete(cmd, args, opts); err != nil {
				return err
			}
			if err := opts.validate(f); err != nil {
				return err
			}
			sess, err := opts.Sel.Start(f, cmd)
			if err != nil {
				return err
			}
			opts.Session = sess
			if opts.SiteID, err = opts.Sel.Site(sess, sess.Settings.SiteID); err != nil {
				return err
			}
			return run(cmd.Context(), opts)
		},
	}
	cmdutil.SiteFlag(f, c)
	fs := c.Flags()
	fs.StringVar(&pf.paper, "paper", "A4", "paper size: "+strings.Join(paperNames(), ", "))
	fs.IntVar(&opts.PerPage, "per-page", sheetpdf.DefaultPerPage, fmt.Sprintf("cards on a page, %d to %d", sheetpdf.MinPerPage, sheetpdf.MaxPerPage))
	fs.StringVar(&opts.Title, "title", "", "a line at the top of every card")
	fs.StringVar(&opts.Note, "note", "", "a line at the bottom of every card")
	fs.StringVar(&opts.QR, "qr", "", "the QR code's text: a template in which {code} is replaced by the code, such as a URL")
	fs.BoolVar(&opts.All, "all", false, "print disabled, expired and used-up codes too")
	pf.sel.AddFlags(f, c)
	f.CompleteFlag(c, "paper", complete.Fixed(paperNames()))
	return c
}

// paperNames are the values of --paper.
func paperNames() []string {
	var out []string
	for _, p := range sheetpdf.Papers() {
		out = append(out, p.Name)
	}
	return out
}

// complete parses the arguments and flags into opts: the selection and the
// paper.
func (pf *printFlags) complete(cmd *cobra.Command, args []string, opts *promoPrintOptions) error {
	var err error
	if opts.Sel, err = pf.sel.Parse(cmd, args); err != nil {
		return err
	}
	p, ok := sheetpdf.PaperNamed(pf.paper)
	if !ok {
		return i18n.NewError(cmdutil.ExitUsage, "print.error.paper", "Value", pf.paper, "Papers", strings.Join(paperNames(), ", "))
	}
	opts.Paper = p
	return nil
}

// validate checks the options before anything is read or sent: the
// cards a page, the lines of a card (one line each), the QR template, and
// that stdout is not a terminal.
func (opts *promoPrintOptions) validate(f *cmdutil.Factory) error {
	if opts.PerPage < sheetpdf.MinPerPage || opts.PerPage > sheetpdf.MaxPerPage {
		return i18n.NewError(cmdutil.ExitUsage, "print.error.per_page", "Min", sheetpdf.MinPerPage, "Max", sheetpdf.MaxPerPage, "Value", opts.PerPage)
	}
	for _, line := range []struct{ flag, text string }{{"--title", opts.Title}, {"--note", opts.Note}} {
		if strings.IndexFunc(line.text, unicode.IsControl) >= 0 {
			return i18n.NewError(cmdutil.ExitUsage, "print.error.control", "Flag", line.flag)
		}
	}
	if opts.QR != "" {
		if !strings.Contains(opts.QR, "{code}") {
			return i18n.NewError(cmdutil.ExitUsage, "print.error.qr_no_code", "Template", opts.QR)
		}
		// The longest code a site can have must fit.
		if sheetpdf.CheckQR(qrText(opts.QR, strings.Repeat("W", promo.MaxCodeLen))) != nil {
			return i18n.NewError(cmdutil.ExitUsage, "print.error.qr_too_long", "Length", len(opts.QR))
		}
	}
	if f.IO.IsStdoutTTY() {
		return i18n.NewError(cmdutil.ExitUsage, "print.error.terminal")
	}
	return nil
}

// qrText is what a card's QR code holds: the code, or the template with
// {code} replaced by it.
func qrText(template, code string) string {
	if template == "" {
		return code
	}
	return strings.ReplaceAll(template, "{code}", code)
}

// runPromoPrint reads the site's list once (GET /v1/promo), as it streams,
// and draws a card for each selected code onto a sheet kept in a temporary
// file; when the list has been read whole and the sheet is complete, it
// goes to stdout.
func runPromoPrint(ctx context.Context, opts *promoPrintOptions) error {
	site, err := opts.Site(opts.SiteID)
	if err != nil {
		return err
	}
	client, err := opts.Client()
	if err != nil {
		return err
	}
	ctx, cancel := opts.WithTimeout(ctx)
	defer cancel()
	spool, err := os.CreateTemp(opts.TempDir, "promoctl-sheet-*.pdf")
	if err != nil {
		return i18n.NewError(0, "print.error.temp_file", "Err", err)
	}
	defer func() {
		spool.Close()
		os.Remove(spool.Name())
	}()
	sheet, err := sheetpdf.New(spool, sheetpdf.Options{Paper: opts.Paper, PerPage: opts.PerPage})
	if err != nil {
		return sheetError(err)
	}
	cards := opts.cardWriter(ctx, client, site)
	n, err := opts.drawSelection(ctx, client, site, func(p *api.Promo) error { return sheetError(sheet.Add(cards.card(p))) })
	if err != nil {
		return err
	}
	if err := sheet.Close(); err != nil {
		return i18n.NewError(0, "print.error.write", "Err", sheetError(err))
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return i18n.NewError(0, "print.error.read_back", "Err", err)
	}
	if _, err := io.Copy(opts.IO.Out, spool); err != nil {
		return i18n.NewError(0, "print.error.write", "Err", err)
	}
	if opts.IO.IsStderrTTY() {
		fmt.Fprintln(opts.IO.ErrOut, opts.Msg.Say(i18n.C("print.done", n, "Pages", i18n.C("print.pages", sheet.Pages()))))
	}
	return nil
}

// drawSelection streams site's list and calls draw for each code of the
// selection that is printed, in the list's order, and says on stderr how
// many were left out as unusable. It returns how many were drawn; none is
// an error (exit 2), and so is a code named that the site lacks (exit 4).
func (opts *promoPrintOptions) drawSelection(ctx context.Context, client *api.Client, site int64, draw func(*api.Promo) error) (int, error) {
	stream, err := client.StreamPromos(ctx, site)
	if err != nil {
		return 0, err
	}
	defer stream.Close()
	now := opts.Now()
	selected := opts.Sel.Pick(stream, now)
	drawn, left := 0, 0
	for {
		if _, err := selected.Next(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return 0, err
		}
		p := &selected.Current // the element as the selection decoded it
		if st := p.StatusFields().StatusAt(now); !opts.All && slices.Contains(unprintable(), st) {
			left++
			continue
		}
		if err := draw(p); err != nil {
			return 0, i18n.NewError(0, "print.error.draw", "Code", string(p.Code), "Err", err)
		}
		drawn++
	}
	if err := selected.Missing(site); err != nil {
		return 0, err
	}
	if left > 0 {
		fmt.Fprintln(opts.IO.ErrOut, "promoctl: "+opts.Msg.Say(i18n.C("print.left_out", left)))
	}
	if drawn == 0 {
		if left > 0 {
			return 0, i18n.NewError(cmdutil.ExitUsage, "print.error.all_left_out", "Site", site)
		}
		return 0, i18n.NewError(cmdutil.ExitUsage, "print.error.empty", "Site", site)
	}
	return drawn, nil
}

// unprintable are the statuses of codes a customer cannot use: left out
// unless --all.
func unprintable() []promo.Status {
	return []promo.Status{promo.StatusDisabled, promo.StatusExpired, promo.StatusUsedUp}
}
