package cmdutil

import (
	"strings"

	"github.com/promoctl/promoctl/internal/config"
	"github.com/promoctl/promoctl/internal/i18n"
)

// SourceMsg says where a setting came from (config explain, auth status):
// flag --output, env PROMOCTL_TOKEN, profile NAME in PATH, the keychain,
// the default; a source of no kind is "not set".
func SourceMsg(src config.Source) i18n.Message {
	switch src.Kind {
	case config.FromFlag:
		return i18n.M("setting.source.flag", "Flag", src.Name)
	case config.FromEnv:
		return i18n.M("setting.source.env", "Env", src.Name)
	case config.FromKeychain:
		return i18n.M("setting.source.keychain")
	case config.FromProfile, config.FromFile:
		// Named "NAME in PATH", or a profile's NAME alone.
		name, path, in := strings.Cut(src.Name, " in ")
		switch {
		case src.Kind == config.FromFile:
			return i18n.M("setting.source.file", "Name", name, "Path", path)
		case in:
			return i18n.M("setting.source.profile_in", "Profile", name, "Path", path)
		}
		return i18n.M("setting.source.profile", "Profile", name)
	case "":
		return i18n.M("setting.source.not_set")
	}
	return i18n.M("setting.source.default") // config.FromDefault
}
