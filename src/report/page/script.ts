/**
 * The report page's script, as it is written into the page: it reads the rows from the page's JSON
 * (rows.ts gives their layout), and shows them in the route table, drawing only the rows in view (a
 * spacer row above and below stands for the others), so 100,000 routes scroll as 100 do. A click on a
 * column header sorts by it (again: the other way); the filter keeps the rows whose route, status,
 * type, source, change or problems hold every word typed. Plain ES2017, no library, no request.
 */
export const pageScript = String.raw`
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var F = data.fields, cells = data.rows, strings = data.strings, count = cells.length / F;
  var numbers = new Intl.NumberFormat('en-US');
  var text = function (value) { return value === null ? '' : typeof value === 'number' ? strings[value] : value; };
  var at = function (row, field) { return cells[row * F + field]; };
  var failed = function (row) { return at(row, 3) === null; };
  // 0: a file under 1 KiB, whose gzip size was not measured.
  var gzip = function (row) { var index = at(row, 4); return index === null || !data.gzip[index] ? null : data.gzip[index]; };

  var problems = new Map();
  var addProblem = function (route, line) {
    var list = problems.get(route);
    if (!list) problems.set(route, (list = []));
    list.push(line);
  };
  data.failures.forEach(function (failure) { addProblem(failure[0], failure[2]); });
  data.problems.forEach(function (problem) { addProblem(problem[0], problem[1] + ': ' + problem[2]); });
  var problemsOf = function (row) {
    var list = (problems.get(at(row, 0)) || []).concat(at(row, 10) === null ? [] : [text(at(row, 10))]);
    return list.join('; ');
  };
  var size = function (field) { return function (row) { var value = at(row, field); return value === null ? '' : numbers.format(value); }; };
  var status = function (row) {
    var code = at(row, 1), retries = at(row, 9);
    var shown = failed(row) && code === 0 ? 'error' : String(code);
    return retries > 0 ? shown + ' (' + retries + (retries === 1 ? ' retry)' : ' retries)') : shown;
  };

  // label, cell text, sort value (numbers sort as numbers, absent values last), cell class, tooltip (the cell's text by default)
  var columns = [
    { label: 'Route', cell: function (row) { return at(row, 0); }, kind: 'route' },
    { label: 'Status', cell: status, value: function (row) { return at(row, 1); }, kind: 'num' },
    // The media type; its parameters (a charset) in the cell's tooltip.
    { label: 'Type', cell: function (row) { return text(at(row, 2)).split(';')[0]; }, tip: function (row) { return text(at(row, 2)); } },
    { label: 'Bytes', cell: size(3), value: function (row) { return at(row, 3); }, kind: 'num' },
    { label: 'Gzip', title: 'Gzipped bytes (level 6), for text files of 1 KiB or more', cell: function (row) { var value = gzip(row); return value !== null ? numbers.format(value) : failed(row) ? '' : '-'; }, value: gzip, kind: 'num' },
    { label: 'ms', cell: function (row) { return at(row, 5).toFixed(1); }, value: function (row) { return at(row, 5); }, kind: 'num' },
    { label: 'Rendered', title: 'Reused, or why it was rendered', cell: function (row) { return text(at(row, 6)); } },
    { label: 'Listed by', title: 'Listed by, or found on', cell: function (row) { return text(at(row, 7)); } },
    { label: 'Change', cell: function (row) { return data.compared ? text(at(row, 8)) : ''; } },
    { label: 'Problems', cell: problemsOf, kind: 'problems' },
  ];

  var table = document.querySelector('table.routes');
  var viewport = document.querySelector('.viewport');
  var filter = document.getElementById('filter');
  var shown = document.getElementById('shown');
  var headRow = table.tHead.rows[0];
  var body = table.tBodies[0];
  var above = body.rows[0], below = body.rows[1];

  var all = new Array(count);
  for (var i = 0; i < count; i++) all[i] = i;
  var sorted = all, view = all, sortBy = -1, descending = false, haystacks = null;

  columns.forEach(function (column, index) {
    var th = document.createElement('th');
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = column.label;
    button.title = (column.title || column.label) + ': click to sort';
    button.addEventListener('click', function () { sortOn(index); });
    if (column.kind === 'num') th.className = 'num';
    th.appendChild(button);
    headRow.appendChild(th);
  });

  function sortOn(index) {
    descending = sortBy === index ? !descending : columns[index].kind === 'num';
    sortBy = index;
    var column = columns[index], sign = descending ? -1 : 1;
    var key = column.value || column.cell;
    var keys = all.map(key);
    sorted = all.slice().sort(function (a, b) {
      var x = keys[a], y = keys[b];
      if (x === y) return a - b;
      if (x === null || x === '') return 1;
      if (y === null || y === '') return -1;
      return (x < y ? -1 : 1) * sign;
    });
    Array.prototype.forEach.call(headRow.cells, function (th, at) {
      if (at === index) th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    });
    applyFilter();
  }

  function haystack(row) {
    return [at(row, 0), status(row), text(at(row, 2)), text(at(row, 6)), text(at(row, 7)), columns[8].cell(row), problemsOf(row), failed(row) ? 'failed' : 'ok']
      .join(' ').toLowerCase();
  }

  function applyFilter() {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) view = sorted;
    else {
      if (!haystacks) haystacks = all.map(haystack);
      view = sorted.filter(function (row) {
        var hay = haystacks[row];
        for (var w = 0; w < words.length; w++) if (hay.indexOf(words[w]) < 0) return false;
        return true;
      });
    }
    shown.textContent = view.length === count ? numbers.format(count) + (count === 1 ? ' route' : ' routes') : numbers.format(view.length) + ' of ' + numbers.format(count) + ' routes';
    viewport.scrollTop = 0;
    draw();
  }

  var pool = [], rowHeight = 27, drawn = [];
  function rowAt(index) {
    if (pool[index]) return pool[index];
    var tr = document.createElement('tr');
    columns.forEach(function (column) {
      var td = document.createElement('td');
      if (column.kind) td.className = column.kind;
      tr.appendChild(td);
    });
    return (pool[index] = tr);
  }

  function draw() {
    // The viewport grows with its rows up to its max-height: draw enough rows to fill that.
    var top = viewport.scrollTop, height = Math.max(viewport.clientHeight, parseFloat(getComputedStyle(viewport).maxHeight) || 0);
    var first = Math.max(0, Math.floor(top / rowHeight) - 10);
    var last = Math.min(view.length, Math.ceil((top + height) / rowHeight) + 10);
    drawn.forEach(function (tr) { body.removeChild(tr); });
    drawn = [];
    var rows = document.createDocumentFragment();
    for (var index = first; index < last; index++) {
      var row = view[index], tr = rowAt(index - first);
      tr.className = failed(row) ? 'row failed' : 'row';
      for (var c = 0; c < columns.length; c++) {
        var td = tr.cells[c], value = columns[c].cell(row);
        td.textContent = value;
        td.title = columns[c].tip ? columns[c].tip(row) : value;
        if (c === 8) td.className = value;
      }
      rows.appendChild(tr);
      drawn.push(tr);
    }
    body.insertBefore(rows, below);
    if (drawn.length > 0) rowHeight = drawn[0].getBoundingClientRect().height || rowHeight;
    above.cells[0].style.height = first * rowHeight + 'px';
    below.cells[0].style.height = (view.length - last) * rowHeight + 'px';
  }

  var pending = 0, timer = 0;
  viewport.addEventListener('scroll', function () {
    if (!pending) pending = requestAnimationFrame(function () { pending = 0; draw(); });
  });
  filter.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(applyFilter, count > 20000 ? 150 : 30);
  });
  window.addEventListener('resize', draw);
  applyFilter();
  document.body.setAttribute('data-state', 'ready');
})();
`;
