package rootcmd

import (
	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
)

// decideLanguage is the language of a run, decided before cobra parses
// the flags, since it renders help and its own errors in it: the language
// setting (PROMOCTL_LANG, else the active profile's language), else the
// locale's (i18n.FromLocale). The profile is read as the settings read it
// (--config and --profile, which are looked for in args, their variables,
// the file's current profile); a file that cannot be read gives no
// language, and the command that reads it says why.
//
// It returns the config file it read too (nil when it read none), which
// the run keeps so that the file is read once (Factory.Begin).
func decideLanguage(args []string, env config.Env) (i18n.Lang, *config.Doc) {
	row, _ := config.Find(config.KeyLanguage)
	if v, ok := env(row.Env); ok && v != "" {
		if l, err := i18n.Parse(v); err == nil {
			return l, nil
		}
	}
	doc := configDoc(args, env)
	if l := profileLanguage(args, env, doc); l != "" {
		return l, doc
	}
	return i18n.FromLocale(env), doc
}

// configDoc is the config file the command line names (--config, its
// variable, the default), or nil when it cannot be read.
func configDoc(args []string, env config.Env) *config.Doc {
	path, err := config.Path(parseArgFlags(args, nil).Value(config.KeyConfig), env)
	if err != nil {
		return nil
	}
	doc, err := config.LoadDoc(path)
	if err != nil {
		return nil
	}
	return doc
}

// profileLanguage is the language of the active profile of the config
// file doc (nil: none), or "".
func profileLanguage(args []string, env config.Env, doc *config.Doc) i18n.Lang {
	given := parseArgFlags(args, nil)
	if doc == nil || len(doc.File.Profiles) == 0 {
		return ""
	}
	f := doc.File
	name := given.Value(config.KeyProfile)
	if name == "" {
		if v, ok := env("PROMOCTL_PROFILE"); ok {
			name = v
		}
	}
	if name == "" {
		name = f.CurrentProfile
	}
	if name == "" {
		name = config.DefaultProfile
	}
	p := f.Profiles[name]
	if p == nil || p.Language == "" {
		return ""
	}
	l, err := i18n.Parse(p.Language)
	if err != nil {
		return ""
	}
	return l
}
