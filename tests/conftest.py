"""Settings every test runs under, and the markers that pick out the slow kinds of test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def strict_mail_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """URLINT_STRICT: a fault in the fast mail reader raises instead of falling back to the
    stdlib parser (urlint/mail/message.py, read_message), so that it fails the test that met it.
    A test of the fallback itself unsets it (tests/mail/test_fallback.py)."""
    monkeypatch.setenv("URLINT_STRICT", "1")


@pytest.fixture(scope="session")
def _cache_directory(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("urlint-cache"))


@pytest.fixture(autouse=True)
def cache_of_the_run(monkeypatch: pytest.MonkeyPatch, _cache_directory: str) -> None:
    """The command's processes a test starts keep their parsed configurations here, not in
    the user's cache directory (urlint/_runtime/config_cache.py)."""
    monkeypatch.setenv("URLINT_CACHE_DIR", _cache_directory)


# The markers of pyproject.toml's [tool.pytest.ini_options], given here by file and by test
# name so that a test file need not carry them (files under tests/acceptance and
# tests/commands/test_precommit.py carry their own). `pytest -m "not slow"` is the quick run;
# a plain `pytest` still runs every test. tests/project/test_markers.py checks that every
# name below is a test of its file, so a renamed test does not lose its marker unseen.

# Every test of these files.
MARKED_FILES: dict[str, tuple[str, ...]] = {
    # a Dask cluster of worker processes, or urlint run to choose or refuse one
    "tests/run/test_dask_engine.py": ("dask", "processes", "slow"),
    # each renders the report page in headless Chromium
    "tests/store/test_report_html.py": ("browser",),
    # worker processes forked, or a command on two processes killed
    "tests/run/test_forked_pool.py": ("processes",),
    "tests/run/test_pool_workers.py": ("processes",),
    # each runs `urlint check` in a new Python process, to see what it parses again
    "tests/runtime/test_config_cache.py": ("processes",),
}

# Tests that start urlint in a subprocess (`python -m urlint`, `python -c`), or run it on
# two worker processes (-j 2, jobs=2), by file.
PROCESSES: dict[str, tuple[str, ...]] = {
    "tests/commands/test_cli.py": (
        "test_stdin_and_broken_pipe_through_the_real_command",
        "test_console_script_installed",
        "test_a_name_that_is_not_utf8_is_written_the_same_way_in_every_output",
    ),
    "tests/commands/test_extract_options.py": ("test_a_list_of_nul_ended_names_read_as_lines",),
    "tests/commands/test_own_files.py": ("test_the_baseline_is_no_input_on_two_processes",),
    "tests/commands/test_settings_files.py": (
        "test_a_configuration_that_links_to_a_device_is_refused_not_passed_over",
        "test_a_configuration_named_that_is_a_fifo_is_refused_at_once",
        "test_an_ignore_file_that_links_to_a_device_is_a_warning_and_the_run_goes_on",
        "test_an_ignore_file_that_is_a_fifo_is_a_warning_and_the_run_goes_on",
        "test_a_baseline_that_links_to_a_device_is_one_line_and_exit_2",
        "test_a_baseline_that_is_a_fifo_is_refused_at_once",
    ),
    "tests/run/test_archive_units.py": (
        "test_the_summary_counts_the_same_messages_on_one_and_two_processes",
    ),
    "tests/run/test_check_ranges.py": ("test_check_on_two_processes_cuts_a_large_text_in_ranges",),
    "tests/run/test_progress.py": (
        "test_progress_is_drawn_in_place_on_a_terminal_and_ends_with_the_summary",
        "test_output_on_the_same_terminal_is_never_mixed_with_the_progress_line",
        "test_check_shows_progress_and_its_text_format_keeps_one_summary",
        "test_quiet_says_nothing_on_a_terminal",
        "test_no_progress_on_a_pipe_unless_asked",
        "test_the_summary_counts_what_extract_wrote_on_one_process_and_on_two",
        "test_a_pre_commit_run_never_loads_progress",
    ),
    "tests/run/test_units.py": (
        "test_every_kind_of_unit_gives_the_serial_output_on_one_and_two_processes",
        "test_a_large_text_misnamed_says_so_on_two_processes",
        "test_standard_input_is_read_on_two_processes",
        "test_check_finds_the_same_on_one_and_two_processes",
    ),
    "tests/runtime/test_compiled_patterns.py": (
        "test_the_command_compiles_none_of_them_and_reads_as_ever",
    ),
    "tests/runtime/test_garbage.py": (
        "test_the_command_freezes_its_start_up_and_collects_during_its_run",
        "test_check_freezes_too",
        "test_a_run_that_does_no_work_exits_with_the_collector_off",
        "test_a_library_callers_process_keeps_its_collector",
        "test_a_collector_the_program_turned_off_stays_off_and_nothing_is_frozen",
    ),
    "tests/runtime/test_heap.py": ("test_the_runners_workers_are_urlints_own",),
    "tests/sources/test_archives.py": (
        "test_a_tgz_on_standard_input",
        "test_tarfile_and_zstandard_are_imported_only_for_such_inputs",
    ),
    "tests/store/test_report.py": (
        "test_a_store_in_a_directory_it_may_not_write_in",
        "test_the_check_path_imports_no_report",
    ),
    "tests/store/test_store.py": (
        "test_two_processes_store_what_one_does",
        "test_a_large_text_is_stored_in_ranges_as_it_is_stored_read_whole",
        "test_a_crossposted_article_is_stored_once",
        "test_the_command_says_what_it_could_not_read_and_exits_2",
        "test_a_scan_killed_at_any_point_and_run_again_equals_an_uninterrupted_one",
    ),
    "tests/test_api.py": (
        "test_scan_paths_on_two_processes_gives_what_one_gives",
        "test_a_crossposted_article_is_read_once_on_two_processes",
    ),
}

# The tests that dominate the whole run's time: each took a second or more (all its cases
# together) on a 2-core machine, by `pytest --durations=0`; by file. Without them and the
# Dask tests, the run takes about a fifth of the whole run's time.
SLOW: dict[str, tuple[str, ...]] = {
    "tests/grammar/test_grammar.py": ("test_grammar_urls_conform_and_lint_clean_at_error_level",),
    "tests/mail/test_fallback.py": ("test_the_fallback_finds_the_urls_the_fast_path_finds",),
    "tests/commands/test_extract_options.py": (
        "test_counts_lists_and_unique_agree_with_the_url_lines",
    ),
    "tests/mail/test_html.py": (
        "test_the_markup_pattern_finds_what_its_plain_form_finds",
        "test_the_url_attributes_are_those_of_the_lazy_search_for_them",
    ),
    "tests/mail/test_prefilter.py": ("test_prefilter_reads_a_part_by_the_fields_the_reader_reads",),
    "tests/output/test_jsonl_fast.py": (
        "test_a_check_jsonl_line_is_its_finding_json_as_json",
        "test_a_line_is_the_reference_line",
    ),
    "tests/run/test_archive_units.py": ("test_a_member_that_would_reach_the_limit_is_not_carried",),
    "tests/run/test_check_ranges.py": (
        "test_check_on_two_processes_cuts_a_large_text_in_ranges",
        "test_a_text_checked_in_ranges_gives_the_whole_files_findings",
    ),
    "tests/run/test_forked_pool.py": ("test_results_come_in_the_order_asked_whatever_the_pace",),
    "tests/run/test_pool_workers.py": ("test_workers_end_when_the_run_is_killed",),
    "tests/run/test_progress.py": (
        "test_no_progress_on_a_pipe_unless_asked",
        "test_check_shows_progress_and_its_text_format_keeps_one_summary",
        "test_quiet_says_nothing_on_a_terminal",
        "test_units_count_their_files_bytes_and_messages",
        "test_the_summary_counts_what_extract_wrote_on_one_process_and_on_two",
    ),
    "tests/run/test_units.py": (
        "test_every_kind_of_unit_gives_the_serial_output_on_one_and_two_processes",
        "test_a_large_text_misnamed_says_so_on_two_processes",
        "test_a_text_cut_in_ranges_reads_as_the_whole_text",
        "test_a_compressed_mbox_in_runs_reads_as_the_whole_file",
        "test_check_finds_the_same_on_one_and_two_processes",
        "test_an_mbox_is_framed_where_relative_runs_cannot_cut_it",
        "test_a_message_too_long_is_cut_into_runs_too",
    ),
    "tests/runtime/test_config_cache.py": ("test_a_cache_entry_of_another_shape_is_parsed_again",),
    "tests/scanner/test_bare.py": ("test_scheme_start_agrees_with_the_window_search",),
    "tests/scanner/test_hard_wrap.py": ("test_every_join_on_the_mail_corpora_is_listed",),
    "tests/scanner/test_properties.py": (
        "test_wrapped_url_broken_anywhere_comes_back_whole",
        "test_chunked_reading_finds_what_a_whole_scan_finds",
        "test_bare_url_in_prose_comes_back_whole",
    ),
    "tests/sources/test_archives.py": ("test_tars_and_zstd_of_the_shared_monthly_mboxes",),
    "tests/sources/test_selection.py": (
        "test_the_walk_reads_what_git_does_not_ignore",
        "test_the_linear_regexes_decide_as_plain_backtracking",
    ),
    "tests/store/test_store.py": (
        "test_a_scan_killed_at_any_point_and_run_again_equals_an_uninterrupted_one",
    ),
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Add the markers of MARKED_FILES, PROCESSES and SLOW to the tests they name."""
    root = config.rootpath
    for item in items:
        path = item.path.relative_to(root).as_posix()
        name = getattr(item, "originalname", item.name)  # without a parametrized case's id
        for marker in MARKED_FILES.get(path, ()):
            item.add_marker(marker)
        if name in PROCESSES.get(path, ()):
            item.add_marker("processes")
        if name in SLOW.get(path, ()):
            item.add_marker("slow")
