// urlint report --html: draws the charts from the page's data and makes its tables
// sortable. Inlined into the page after Chart.js (report/page.py); fetches nothing.
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("report-data").textContent);

  // Drawn at once: a page printed or captured right after loading shows the charts whole.
  Chart.defaults.animation = false;
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.color = "#1b1f24";

  // Each series' colour comes with the data (report/page.py's series_colours): no two of
  // a chart's series share one, however many it draws.

  function chart(id, config) {
    var canvas = document.getElementById(id);
    if (!config.data.labels.length) {
      var empty = document.createElement("p");
      empty.className = "empty";
      empty.textContent = "Nothing to chart.";
      canvas.parentNode.replaceChild(empty, canvas);
      return;
    }
    config.options = Object.assign({responsive: true, maintainAspectRatio: false},
                                   config.options || {});
    new Chart(canvas, config);
  }

  function bars(labels, values, label, horizontal) {
    return {
      type: "bar",
      data: {labels: labels,
             datasets: [{label: label, data: values, backgroundColor: data.colour}]},
      options: {
        indexAxis: horizontal ? "y" : "x",
        plugins: {legend: {display: false}},
        scales: horizontal ? {x: {beginAtZero: true, ticks: {precision: 0}}}
                           : {y: {beginAtZero: true, ticks: {precision: 0}}}
      }
    };
  }

  chart("chart-months", bars(data.months.labels, data.months.urls, "URLs", false));
  chart("chart-hosts", bars(data.hosts.labels, data.hosts.urls, "URLs", true));
  chart("chart-schemes", bars(data.schemes.labels, data.schemes.urls, "URLs", true));
  chart("chart-rules", {
    type: "bar",
    data: {
      labels: data.rules.labels,
      datasets: data.rules.datasets.map(function (dataset) {
        return {label: dataset.label, data: dataset.data, backgroundColor: dataset.colour};
      })
    },
    options: {
      scales: {x: {stacked: true},
               y: {stacked: true, beginAtZero: true, ticks: {precision: 0}}}
    }
  });

  // Sortable tables: a header's button sorts by its column, then the other way at each
  // click: a column of numbers the most first (as dashboards do), a column of text from
  // A; numbers as numbers; empty cells last either way; ties keep the order they had.
  function sortRows(table, column, numeric, ascending) {
    var body = table.tBodies[0];
    var keyed = Array.prototype.map.call(body.rows, function (row, index) {
      var text = row.cells[column].textContent;
      return {row: row, index: index, empty: text === "",
              key: numeric ? Number(text) : text};
    });
    keyed.sort(function (a, b) {
      if (a.empty !== b.empty) {
        return a.empty ? 1 : -1;
      }
      var order = numeric ? a.key - b.key : (a.key < b.key ? -1 : (a.key > b.key ? 1 : 0));
      if (order === 0) {
        return a.index - b.index;
      }
      return ascending ? order : -order;
    });
    var rows = document.createDocumentFragment();
    keyed.forEach(function (item) { rows.appendChild(item.row); });
    body.appendChild(rows);
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    var headers = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(headers, function (header, column) {
      header.querySelector("button").addEventListener("click", function () {
        var numeric = header.classList.contains("number");
        var current = header.getAttribute("aria-sort");
        var ascending = current ? current !== "ascending" : !numeric;
        sortRows(table, column, numeric, ascending);
        Array.prototype.forEach.call(headers, function (other) {
          other.removeAttribute("aria-sort");
        });
        header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      });
    });
  });
})();
