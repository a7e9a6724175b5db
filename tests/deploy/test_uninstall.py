"""deploy/uninstall.sh: removes the service and the program, keeps the games unless --purge."""

import pytest

from tests.deploy.common import DATA_DIR, script, steps


def test_it_stops_and_removes_the_service_and_the_venv_but_keeps_the_games(tmp_path):
    prefix = tmp_path / "opt-companion"
    prefix.mkdir()
    result = script("uninstall.sh", "--dry-run", "--prefix", str(prefix))
    assert result.returncode == 0, result.stderr
    done = steps(result.stdout)
    assert done.index("systemctl disable --now table-companion.service") < done.index(
        "rm -f /etc/systemd/system/table-companion.service"
    )
    assert f"rm -rf {prefix}" in done
    assert not [s for s in done if DATA_DIR in s or "/etc/table-companion" in s]
    assert not [s for s in done if s.startswith("userdel")]
    assert f"kept: the game store in {DATA_DIR}" in result.stdout
    assert prefix.exists(), "a dry run removed something"


def test_purge_also_removes_the_games_the_config_and_the_user():
    result = script("uninstall.sh", "--dry-run", "--purge", "--user", "tablepi")
    assert result.returncode == 0, result.stderr
    done = steps(result.stdout)
    assert f"rm -rf {DATA_DIR} /etc/table-companion" in done
    assert "userdel tablepi" in done


@pytest.mark.parametrize(
    "prefix", ["/", "/usr", "/opt", "/var/lib", "/opt/../etc", "/opt/companion/..", "relative"]
)
def test_it_refuses_to_remove_a_prefix_that_is_not_the_companions(prefix):
    result = script("uninstall.sh", "--dry-run", "--prefix", prefix)
    assert result.returncode == 1
    assert f"--prefix '{prefix}'" in result.stderr
    assert not steps(result.stdout)
