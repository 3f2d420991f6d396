sim route-unicast --net star:5 --kind edt
