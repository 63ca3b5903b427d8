"""What each option of a check means, and the settings the options make.

An option has a command-line flag, a configuration key (`[tool.urlint]` in pyproject.toml,
or urlint.toml), or both, and a default. `OPTIONS` is the one table of them: the commands
read their flags through it (`settings_of`, `selection_of`), the configuration's keys are
checked against it, and `build_settings` (the library's and the store's way in) takes its
names as keywords.

Keys are a public contract (docs/reference/configuration.md); an unknown key is an error that
names it, so a typo never silently turns a check off.

Past 600 lines: the one table of options and every way in to it (the flags, a configuration
file's keys, the library's keywords), each checked by the option's own row; split, the
table and its readers would drift apart.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

from .._runtime.config_cache import kept
from .._runtime.patterns import load_compiled
from ..core.exits import ConfigError
from ..core.findings import Severity
from ..core.records import record
from ..sources.opening import CONFIG_LIMIT, NotRead, read_settings
from ..sources.selection import Selection, path_matches
from .rules.rule import RFC1738, TARGETS, RuleOptions

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Any, Literal

    from .rules.rule import Rule

    # The values of the settings that are one of a few, as type checkers read them:
    # TARGETS and FAIL_ON's keys (checked at run time all the same: a ConfigError).
    Target = Literal["rfc1738", "rfc3986"]
    FailOn = Literal["error", "warning", "info"]

_REPR_CODES = 5  # the rules a Settings' repr names by code before it counts them
FAIL_ON = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO}


def split_commas(values: list[str]) -> list[str]:
    """The items of options given as comma-separated lists, and given more than once."""
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def rule_selectors(values: list[str]) -> list[str]:
    """The rule selectors of options given as comma-separated lists, and more than once.

    A password in one is hidden before it is cut (grammar.login.masked_items): an error
    names the selector it cannot read."""
    from ..grammar.login import masked_items

    return [item for value in values for item in masked_items(value)]


def _not(value: bool) -> bool:
    return not value


def _as_given(value: Any, *where: str) -> Any:
    return value


def _strings(value: Any, key: str, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: {key} must be a list of strings")
    return value


def _ports(value: Any, key: str, where: str) -> dict[str, frozenset[int]]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: {key} must be a table of host = [ports]")
    ports = {}
    for host, numbers in value.items():
        if not isinstance(numbers, list) or not all(
            isinstance(n, int) and 0 <= n <= 65535 for n in numbers
        ):
            raise ConfigError(f"{where}: {key}.{host} must be a list of port numbers")
        ports[host.lower()] = frozenset(numbers)
    return ports


def _per_file_ignores(value: Any, key: str, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: {key} must be a table of glob = [codes]")
    entries = []
    for pattern, codes in value.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ConfigError(f"{where}: {key}.{pattern} must be a list of codes")
        for code in codes:
            check_selector(code)
        entries.append((pattern, tuple(codes)))
    return tuple(entries)


@record
class Option:
    """One option: its flag, its configuration key, its default, and how each is read.

    Either the flag or the key may be None: an option of the command line alone, or of
    the configuration alone."""

    name: str  # build_settings's keyword for it (the Settings' field, or the rule options')
    flag: str | None
    key: str | None
    default: Any  # where neither the flag nor the key gives it
    # the flag's value as the setting takes it (argparse's value: a list for a repeated one)
    read: Callable[[Any], Any] = _as_given
    # the key's value checked (a ConfigError names the file and the key) and as taken
    check: Callable[[Any, str, str], Any] = _as_given

    @property
    def dest(self) -> str:
        """The flag's name in argparse's namespace (`--extend-select`: extend_select)."""
        return self.flag[2:].replace("-", "_") if self.flag else ""


# Every option, the configuration's keys in the order an unknown key's error lists them.
# A flag replaces its key's value, but for the extend- and ignore lists, which add to it.
OPTIONS = (
    # None: every rule but the info ones
    Option("select", "--select", "select", None, rule_selectors, _strings),
    Option("ignore", "--ignore", "ignore", (), rule_selectors, _strings),
    Option("extend_select", "--extend-select", "extend-select", (), rule_selectors, _strings),
    Option("per_file_ignores", None, "per-file-ignores", (), check=_per_file_ignores),
    Option("fail_on", "--fail-on", "fail-on", "error"),  # checked with the flag's value
    Option("target", "--target", "target", RFC1738),  # checked with the flag's value
    Option("known_schemes", None, "known-schemes", (), check=_strings),
    # "info": a finding in test data fails nothing (linter.certainty); "lint": as anywhere
    Option("test_data", None, "test-data", "info"),
    Option("allowed_ports", None, "allowed-ports", MappingProxyType({}), check=_ports),
    Option("exclude", "--exclude", "exclude", (), split_commas, _strings),
    Option("extend_exclude", "--extend-exclude", None, (), split_commas),
    Option("respect_ignores", "--no-ignore", None, True, _not),
    Option("force_exclude", "--force-exclude", None, False),
    Option("globs", "--glob", None, (), tuple),
    # --hidden and --no-hidden set one flag, the last given deciding (commands/options.py)
    Option("hidden", "--no-hidden", None, True, _not),
)
CONFIG_KEYS = tuple(option.key for option in OPTIONS if option.key is not None)
_BY_NAME = {option.name: option for option in OPTIONS}


def given_options(args: argparse.Namespace) -> dict[str, Any]:
    """What a command's flags give (`args`: argparse's namespace), by option name.

    A flag left out, or one the command does not have, gives nothing: its key and its
    default decide."""
    given = {}
    for option in OPTIONS:
        value = getattr(args, option.dest, None) if option.flag else None
        if value is not None and value != []:
            given[option.name] = option.read(value)
    return given


def _configured(config: Mapping, name: str, where: str) -> Any:
    """The configuration's value of option `name`, checked; else the option's default."""
    option = _BY_NAME[name]
    key = option.key or ""  # every option asked for here has one
    if key not in config:
        return option.default
    return option.check(config[key], key, where)


def settings_of(args: argparse.Namespace) -> Settings:
    """The settings a command's `args` ask for (`check`, `scan`).

    The configuration file --config names (else the nearest, none with --isolated), the
    flags over it."""
    config, source = read_configuration(args.config, args.isolated)
    return build_settings(config, source=source, **given_options(args))


def selection_of(args: argparse.Namespace) -> Selection:
    """The files a command's `args` walk (`extract`).

    The configuration's exclude, and the flags over it. The whole configuration is read as
    `check` reads it, the keys only `check` uses too: a configuration that is wrong is an
    error whichever command reads it (docs/reference/configuration.md)."""
    config, source = read_configuration(args.config, args.isolated)
    given = given_options(args)
    if not config:  # nothing to check: the rule catalogue is not loaded
        return file_selection(config, **_of_selection(given))
    return build_settings(config, source=source, **given).selection


def _of_selection(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of `options` that choose files (file_selection's keywords)."""
    return {name: value for name, value in options.items() if name in _SELECTION_OPTIONS}


def file_selection(
    config: Mapping | None = None,
    *,
    exclude: Sequence[str] | None = None,
    extend_exclude: Sequence[str] = (),
    respect_ignores: bool = True,
    force_exclude: bool = False,
    globs: Sequence[str] = (),
    hidden: bool = True,
    source: str | None = None,
) -> Selection:
    """Which files a directory walk reads, from the file selection's options alone.

    The configuration's `exclude` (replaced by `exclude`, added to by `extend_exclude`),
    ignore files read unless not `respect_ignores`, and with `force_exclude` the files
    named too; `globs` as --glob has them, hidden files read unless not `hidden`."""
    patterns = exclude_patterns(
        config or {}, exclude=exclude, extend_exclude=extend_exclude, source=source
    )
    return Selection(patterns, respect_ignores, force_exclude, tuple(globs), hidden)


# The options that choose files: file_selection's keywords but `source`, the rest being a
# check's (tests/linter/test_config.py holds this to file_selection's signature).
_SELECTION_OPTIONS = frozenset(
    ("exclude", "extend_exclude", "respect_ignores", "force_exclude", "globs", "hidden")
)


@record
class Settings:
    """What a check runs with: the rules enabled, their options, and the files chosen."""

    rules: tuple[Rule, ...]  # the enabled rules
    options: RuleOptions = RuleOptions()
    fail_on: Severity = Severity.ERROR
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    source: str | None = None  # the configuration file read, if any
    selection: Selection = Selection()  # which files a directory walk reads (file_selection)
    # "info": findings in test data are info (linter.certainty.is_test_data); "lint": graded
    # as anywhere else
    test_data: str = "info"

    @classmethod
    def from_mapping(cls, config: Mapping[str, object], **options: object) -> Settings:
        """Settings from a configuration table, its keys as urlint.toml spells them
        (`{"target": "rfc3986", "fail-on": "warning"}`), and `options` over it (OPTIONS'
        names, as `build_settings` takes them).

        Raises ConfigError for an unknown key or a value of the wrong kind."""
        for key in config:
            if key not in CONFIG_KEYS:
                raise ConfigError(f"unknown key '{key}' (known: {', '.join(CONFIG_KEYS)})")
        # each value checked where build_settings reads it (a ConfigError); the hints name
        # what the run time binds (typing.get_type_hints), as a hook loads no `typing`
        return build_settings(config, **options)  # type: ignore[arg-type]

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Settings:
        """Settings from a urlint.toml, or a pyproject.toml's [tool.urlint] table.

        Raises ConfigError for a file that cannot be read, is no TOML or holds an unknown
        key."""
        name = os.fspath(path)
        return build_settings(load_config(name), source=name)

    @property
    def codes(self) -> frozenset[str]:
        """The codes of the enabled rules."""
        return frozenset(entry.code for entry in self.rules)

    def enabled(self, code: str) -> bool:
        """Is the rule `code` enabled?"""
        return code in self.codes

    def ignored_in(self, path: str, code: str) -> bool:
        """Is `code` switched off for `path` by per-file-ignores?"""
        return covered(code, self.ignores_in(path))

    def __repr__(self) -> str:
        """A short form: the rules by their codes (the first few, and how many), the target,
        then each other field that is not its default; masked, as every output is."""
        from ..grammar.login import mask_password

        codes = [entry.code for entry in self.rules]
        rules = " ".join(codes[:_REPR_CODES]) + (
            f" ... ({len(codes)} rules)" if len(codes) > _REPR_CODES else ""
        )
        shown = [f"rules=<{rules}>", f"target={self.options.target!r}"]
        if self.options.known_schemes:
            shown.append(f"known_schemes={sorted(self.options.known_schemes)!r}")
        if self.options.allowed_ports:
            shown.append(f"allowed_ports={dict(self.options.allowed_ports)!r}")
        if self.fail_on is not Severity.ERROR:
            shown.append(f"fail_on={self.fail_on.value!r}")
        shown += _not_defaults(self, 3)  # after rules, options and fail_on
        shown += _not_defaults(self.selection, 0)
        return mask_password(f"Settings({', '.join(shown)})")

    def ignores_in(self, path: str) -> tuple[str, ...]:
        """The selectors per-file-ignores switch off for `path` (most files: none)."""
        if not self.per_file_ignores:
            return ()
        return tuple(
            selector
            for pattern, selectors in self.per_file_ignores
            if path_matches(path, pattern)
            for selector in selectors
        )


def _not_defaults(value: object, first: int) -> list[str]:
    """`name=value` for each field of the record `value` from its `first` on that is not
    its default (core/records.py), but a record's own, shown field by field."""
    record = type(value)
    defaults = record._field_defaults  # type: ignore[attr-defined]
    return [
        f"{name}={getattr(value, name)!r}"
        for name in record._fields[first:]  # type: ignore[attr-defined]
        if getattr(value, name) != defaults[name] and name != "selection"
    ]


def covered(code: str, selectors: Iterable[str]) -> bool:
    """Does one of `selectors` (a code, a prefix, or "ALL") take in the rule `code`?"""
    return any(_covers(selector, code) for selector in selectors)


def settings_shown(args: argparse.Namespace) -> list[tuple[str, Any, str]]:
    """Each option a command's `args` resolve, as --show-settings shows it: (its name, its
    value, where the value came from: "default", the configuration file and key, or the
    flag). The name is the configuration's key, or the flag's for an option of the command
    line alone. The extend- and ignore lists add the flag's to the file's, and say both.

    Raises ConfigError as settings_of does (call that first: it checks every value)."""
    config, source = read_configuration(args.config, args.isolated)
    where = _source_named(source)
    given = given_options(args)
    shown: list[tuple[str, Any, str]] = []
    for option in OPTIONS:
        if option.key is None and not hasattr(args, option.dest):
            continue  # a flag of another command
        name = option.key or option.flag or option.name
        value, origins = option.default, []
        if option.key is not None and option.key in config:
            value = option.check(config[option.key], option.key, where)
            origins.append(f"{where}: {option.key}")
        if option.key is None:  # the flag's own value (--no-ignore: true), given or not
            raw = getattr(args, option.dest)
            if raw:
                value, origins = (raw if option.read is _not else given[option.name]), [name]
            else:
                value = False if option.read is _not else option.default
        elif option.name in given:
            if option.name in ("extend_select", "ignore") and origins:
                value = [*value, *given[option.name]]
            else:
                value, origins = given[option.name], []
            origins.append(str(option.flag))
        if option.name == "per_file_ignores":
            value = dict(value)
        shown.append((name, value, ", ".join(origins) or "default"))
    return shown


def _source_named(source: str | None) -> str:
    """The configuration file as a message names it: from the working directory when it
    is under it, a pyproject.toml with its table."""
    if source is None:
        return "configuration"
    named = os.path.relpath(source)
    if named.startswith(".."):
        named = source
    return f"{named} [tool.urlint]" if os.path.basename(source) == "pyproject.toml" else named


def read_configuration(path: str | None, isolated: bool) -> tuple[dict, str | None]:
    """The urlint table that `check` and `extract` read, and the file it is in.

    `path` (`--config`), else the nearest one from the working directory up; none with
    `isolated` (`--isolated`)."""
    if isolated:
        return {}, None
    path = path or find_config(os.getcwd())
    if path is None:
        return {}, None
    return load_config(path), path


def exclude_patterns(
    config: Mapping,
    *,
    exclude: Sequence[str] | None = None,
    extend_exclude: Sequence[str] = (),
    source: str | None = None,
) -> tuple[str, ...]:
    """The globs a directory walk passes over.

    `--exclude` replaces the configuration's `exclude`, `--extend-exclude` adds to it (as
    ruff has them)."""
    where = source or "configuration"
    chosen = exclude if exclude is not None else _configured(config, "exclude", where)
    return (*chosen, *extend_exclude)


def find_config(start: str) -> str | None:
    """The nearest urlint.toml, or pyproject.toml with a [tool.urlint] table, from `start` up.

    A urlint.toml that is there is the one, whatever it is: one that is not a regular file
    (a link to a device, a FIFO) is refused when it is read, never passed over for another
    further up."""
    directory = os.path.abspath(start)
    while True:
        candidate = os.path.join(directory, "urlint.toml")
        if os.path.lexists(candidate):
            return candidate
        pyproject = os.path.join(directory, "pyproject.toml")
        if os.path.lexists(pyproject) and _mentions_urlint(pyproject):
            table = _load(pyproject)
            if "urlint" in table.get("tool", {}):
                return pyproject
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def _mentions_urlint(path: str) -> bool:
    """A cheap look before parsing: most pyproject.toml files have no urlint table.

    One that cannot be read as a configuration file (over CONFIG_LIMIT: which table it
    holds is not known) may: it is parsed, and says why it cannot be."""
    try:
        return b"urlint" in read_settings(path, CONFIG_LIMIT)
    except NotRead:
        return True
    except OSError:
        return False


def load_config(path: str) -> dict:
    """The urlint table of `path`, keys checked."""
    table = _load(path)
    if os.path.basename(path) == "pyproject.toml":
        tool = table.get("tool", {})
        if not isinstance(tool, dict):
            raise ConfigError(f"{path}: 'tool' must be a table")
        table = tool.get("urlint", {})
        where = f"{path} [tool.urlint]"
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: 'tool.urlint' must be a table")
    else:
        where = str(path)
    for key in table:
        if key not in CONFIG_KEYS:
            raise ConfigError(f"{where}: unknown key '{key}' (known: {', '.join(CONFIG_KEYS)})")
    return table


@kept  # an unchanged file is not parsed again: start-up tuning (_runtime/config_cache.py)
def _load(path: str) -> dict:
    """The TOML document at `path`, parsed; of a pyproject.toml, its urlint table alone
    (under `tool`, where it is one): the cache keeps no other tool's settings (a package
    index's URL may hold a password)."""
    document = _parse(path)
    if os.path.basename(path) != "pyproject.toml":
        return document  # urlint.toml: urlint's alone
    if "tool" not in document:
        return {}
    tool = document["tool"]
    if not isinstance(tool, dict):  # load_config says what is wrong
        return {"tool": tool}
    return {"tool": {"urlint": tool["urlint"]} if "urlint" in tool else {}}


def _parse(path: str) -> dict:
    load_compiled("tomllib")  # the parser's patterns, compiled, before it is imported (PARTS)
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10: the same parser, before the standard library took it in
        import tomli as tomllib  # type: ignore[import-not-found,unused-ignore]
    try:
        return tomllib.loads(read_settings(path, CONFIG_LIMIT).decode("utf-8"))
    except OSError as error:  # a FIFO or a device (NotRead) too: never waited on nor read
        raise ConfigError(f"{path}: cannot read: {error.strerror or error}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except UnicodeDecodeError as error:  # TOML is UTF-8
        raise ConfigError(
            f"{path}: invalid TOML: not UTF-8 ({error.reason} at byte {error.start})"
        ) from None
    except RecursionError:  # the parser recurses once a level: arrays in arrays in ...
        raise ConfigError(f"{path}: invalid TOML: nested too deeply") from None


def build_settings(
    config: Mapping | None = None,
    *,
    select: Sequence[str] | None = None,
    extend_select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    fail_on: FailOn | None = None,
    target: Target | None = None,
    source: str | None = None,
    **selection: Any,
) -> Settings:
    """Settings from a config table and the options given beside it (OPTIONS' names).

    The options take precedence: `select` replaces the configured selection; `extend_select` and
    `ignore` add to it, as the flags of the same names do. `selection`: the options that
    choose files, file_selection's keywords (exclude, extend_exclude, respect_ignores,
    force_exclude, globs, hidden)."""
    unknown = set(selection) - _SELECTION_OPTIONS
    if unknown:
        raise TypeError(f"build_settings() got unexpected options: {', '.join(sorted(unknown))}")
    config = dict(config or {})
    where = source or "configuration"
    chosen = select if select is not None else _configured(config, "select", where)
    extended = [*_configured(config, "extend_select", where), *extend_select]
    ignored = [*_configured(config, "ignore", where), *ignore]
    fail = fail_on or _configured(config, "fail_on", where)
    if not isinstance(fail, str) or fail not in FAIL_ON:
        raise ConfigError(f"{where}: fail-on must be one of {', '.join(FAIL_ON)}, not {fail!r}")
    standard = target or _configured(config, "target", where)
    if not isinstance(standard, str) or standard not in TARGETS:
        raise ConfigError(f"{where}: target must be one of {', '.join(TARGETS)}, not {standard!r}")
    rules = select_rules(chosen, extended, ignored, standard)
    return Settings(
        rules=tuple(rules),
        options=RuleOptions(
            target=standard,
            known_schemes=frozenset(s.lower() for s in _configured(config, "known_schemes", where)),
            allowed_ports=_configured(config, "allowed_ports", where),
        ),
        fail_on=FAIL_ON[fail],
        per_file_ignores=_configured(config, "per_file_ignores", where),
        source=source,
        selection=file_selection(config, source=source, **selection),
        test_data=_test_data(_configured(config, "test_data", where), where),
    )


TEST_DATA = ("info", "lint")


def _test_data(value: object, where: str) -> str:
    """The `test-data` setting, checked: "info" or "lint"."""
    if value not in TEST_DATA:
        raise ConfigError(
            f"{where}: test-data must be one of {', '.join(TEST_DATA)}, not {value!r}"
        )
    return value  # type: ignore[return-value]  # one of TEST_DATA


def select_rules(
    select: Sequence[str] | None,
    extend_select: Iterable[str],
    ignore: Iterable[str],
    target: str = RFC1738,
) -> list[Rule]:
    """The enabled rules, graded by the standard `target`.

    Without `select`, every rule but the info ones. The more specific selector wins
    (`--ignore P --select P501` enables P501); on a tie, ignore wins. A rule the target
    does not hold is never enabled (catalogue.rules_under)."""
    from .rules.catalogue import rules_under

    catalogue = rules_under(target)
    select_list = list(select) if select is not None else None
    extend_list, ignore_list = list(extend_select), list(ignore)
    for selector in [*(select_list or []), *extend_list, *ignore_list]:
        check_selector(selector)
    enabled = []
    for entry in catalogue:
        if select_list is None:
            chosen = 0 if entry.on_by_default else -1
        else:
            chosen = _best(select_list, entry)
        # an empty list covers nothing (-1): not asked, as in a hook's run with no flags
        if extend_list:
            chosen = max(chosen, _best(extend_list, entry))
        if chosen >= 0 and (not ignore_list or chosen > _best(ignore_list, entry)):
            enabled.append(entry)
    return enabled


def check_selector(selector: str) -> None:
    """Raise ConfigError unless `selector` names a rule: a code, a prefix, a name or ALL."""
    from .rules.catalogue import all_rules

    if selector == "ALL" or any(
        _covers(selector, entry.code) or selector == entry.name for entry in all_rules()
    ):
        return
    raise ConfigError(
        f"unknown rule selector '{selector}': a code (P501), a prefix (P, S41), a rule name, or ALL"
    )


def _best(selectors: Iterable[str], entry: Rule) -> int:
    """Specificity of the most specific selector that covers the rule; -1 if none does."""
    best = -1
    for selector in selectors:
        if selector == "ALL":
            best = max(best, 0)
        elif selector == entry.name:
            best = max(best, len(entry.code))
        elif _covers(selector, entry.code):
            best = max(best, len(selector))
    return best


def _covers(selector: str, code: str) -> bool:
    return selector == "ALL" or (bool(selector) and code.startswith(selector.upper()))
