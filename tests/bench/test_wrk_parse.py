"""The bench reads wrk's report correctly (a wrong parse would print a wrong number in the README)."""

from __future__ import annotations

import pytest

from tests.bench.wrk_load import _parse

REPORT = """Running 10s test @ http://127.0.0.1:5111
  8 threads and 8 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     7.63ms    3.05ms  48.26ms   74.50%
    Req/Sec   133.85     18.78   190.00     71.38%
  Latency Distribution
     50%  950.00us
     75%    8.45ms
     90%   10.01ms
     99%    1.02s
  10684 requests in 10.02s, 6.38MB read
  Non-2xx or 3xx responses: 3
Requests/sec:   1066.08
Transfer/sec:    652.39KB
"""


def test_percentiles_and_rate_are_read_when_other_percentages_contain_50() -> None:
    result = _parse(REPORT)

    assert (result.requests, result.rate, result.not_2xx) == (10684, 1066.08, 3)
    assert result.p50_ms == pytest.approx(0.95)
    assert result.p99_ms == pytest.approx(1020.0)


def test_percentiles_are_read_when_wrk_pads_a_value_in_seconds_with_a_trailing_space() -> None:
    padded = REPORT.replace("     99%    1.02s\n", "     99%    1.21s \n")

    assert _parse(padded).p99_ms == pytest.approx(1210.0)
