package cmdutil

import (
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
	"github.com/promoctl/promoctl/internal/iostreams"
)

// Begin starts the run in lang, decided before cobra parses the flags
// (the root's decideLanguage). doc is the config file that choice read
// (nil when it read none): the settings use it rather than read the file
// again (ConfigDoc). The root calls it before it builds the command tree.
func (f *Factory) Begin(lang i18n.Lang, doc *config.Doc) {
	f.Msg, f.early = i18n.New(lang), doc
	f.Warnings.Msg = f.Msg
	f.localeCharset()
}

// End releases what the command opened.
func (f *Factory) End() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
	f.cleanups = nil
}

// localeCharset makes the text written for people on a terminal come out
// in the locale's character set when it is not UTF-8 (ru_RU.KOI8-R,
// CP1251, …): a terminal set to it shows UTF-8 as mojibake, and
// converting is what makes the Russian readable there, where a warning
// alone would leave it unreadable. Machine output stays UTF-8
// (outputOptions, reportError call Machine). A charset promoctl cannot
// write is said once, and the text stays UTF-8.
func (f *Factory) localeCharset() {
	if f.IO == nil || f.Completing {
		return
	}
	name, cm, unknown := iostreams.LocaleCharset(f.Env)
	f.IO.Encode(cm)
	f.Warnings.Out = f.IO.ErrOut
	if unknown && f.IO.IsStderrTTY() {
		f.Warnings.WarnMsg(i18n.M("bounds.charset_unknown", "Charset", name))
	}
}
